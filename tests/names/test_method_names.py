"""The document-wide method naming rule (generator/names/operations.method_names): an operationId
that repeats its resource loses that prefix (`repos/get` under `repos` -> `repos.get`, as
githubkit names it), unless the short name would clash, be empty or be a keyword, and never when
`x-codegen-method` names the method."""

from __future__ import annotations

from typing import Any

from generator.document.operations import iter_operations
from generator.names.operations import method_names, name_clashes, path_based_name


def _document(*operations: tuple[str, str, dict[str, Any]]) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for path, verb, operation in operations:
        paths.setdefault(path, {})[verb] = {"responses": {"200": {"description": "ok"}},
                                            **operation}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths}


def _names(document: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return method_names(iter_operations(document))


def test_an_operation_id_that_starts_with_its_resource_loses_the_prefix() -> None:
    names = _names(_document(
        ("/repos/{owner}/{repo}", "get", {"tags": ["repos"], "operationId": "repos/get"}),
        ("/repos/{owner}/{repo}/topics", "get",
         {"tags": ["repos"], "operationId": "repos/get-all-topics"}),
        ("/products", "get", {"tags": ["products"], "operationId": "products_list"}),
        ("/products", "post", {"tags": ["Products"], "operationId": "ProductsCreate"}),
    ))
    assert names == {
        "/paths/~1repos~1{owner}~1{repo}/get": ("repos", "get"),
        "/paths/~1repos~1{owner}~1{repo}~1topics/get": ("repos", "get_all_topics"),
        "/paths/~1products/get": ("products", "list"),
        "/paths/~1products/post": ("products", "create"),
    }


def test_ids_without_the_prefix_and_other_resources_keep_their_names() -> None:
    names = _names(_document(
        ("/pets", "get", {"tags": ["pets"], "operationId": "listPets"}),
        ("/pets", "post", {"tags": ["pets"], "operationId": "petsx_create"}),  # not `pets_`
        ("/users", "get", {"tags": ["users"], "operationId": "pets_list"}),  # another resource
        ("/items", "get", {"operationId": "default_list"}),  # no tag: resource `default`
    ))
    assert names == {
        "/paths/~1pets/get": ("pets", "list_pets"),
        "/paths/~1pets/post": ("pets", "petsx_create"),
        "/paths/~1users/get": ("users", "pets_list"),
        "/paths/~1items/get": ("default", "list"),
    }


def test_a_short_name_that_would_clash_keeps_the_full_one_for_both() -> None:
    names = _names(_document(
        ("/a", "get", {"tags": ["repos"], "operationId": "repos_get"}),
        ("/b", "get", {"tags": ["repos"], "operationId": "get"}),  # already `get`
        ("/c", "get", {"tags": ["repos"], "operationId": "repos_list"}),
        ("/d", "get", {"tags": ["repos"], "operationId": "repos/list"}),  # same full name
    ))
    assert names["/paths/~1a/get"] == ("repos", "repos_get")
    assert names["/paths/~1b/get"] == ("repos", "get")
    # two ids with one full name clash whatever the rule: validation names that clash
    assert names["/paths/~1c/get"] == names["/paths/~1d/get"] == ("repos", "repos_list")


def test_an_empty_keyword_or_invalid_rest_keeps_the_full_name() -> None:
    names = _names(_document(
        ("/a", "get", {"tags": ["pets"], "operationId": "pets_import"}),
        ("/b", "get", {"tags": ["pets"], "operationId": "pets_2fa"}),
        ("/c", "get", {"tags": ["pets"], "operationId": "pets"}),
        ("/d", "get", {"tags": ["pets"], "operationId": "pets_match"}),
    ))
    assert [names[f"/paths/~1{p}/get"][1] for p in "abcd"] == [
        "pets_import", "pets_2_fa", "pets", "match"]


def test_a_method_hint_is_used_as_it_is() -> None:
    names = _names(_document(
        ("/a", "get", {"tags": ["pets"], "operationId": "pets_list",
                       "x-codegen-method": "pets_list_all"}),
        ("/b", "get", {"x-codegen-resource": "pets", "operationId": "pets_get"}),
    ))
    assert names == {"/paths/~1a/get": ("pets", "pets_list_all"), "/paths/~1b/get": ("pets", "get")}


def test_validation_reports_clashes_of_the_names_the_rule_gives() -> None:
    document = _document(
        ("/a", "get", {"tags": ["repos"], "operationId": "repos_list"}),
        ("/b", "get", {"tags": ["repos"], "operationId": "repos/list"}),
        ("/c", "get", {"tags": ["repos"], "operationId": "repos_get"}),
    )
    problems = name_clashes(iter_operations(document), "api.yaml", lambda pointer: None)
    assert [problem.pointer for problem in problems] == ["/paths/~1b/get"]
    assert "repos.repos_list()" in problems[0].message


def test_an_acronyms_plural_is_one_word() -> None:
    # DigitalOcean's tags: `client.floating_i_ps`, `client.vp_cs`, `client.reserved_i_pv6`
    # (a capital run was split at its last capital: `IPs` -> `I`, `Ps`)
    names = _names(_document(
        ("/v2/floating_ips", "get", {"tags": ["Floating IPs"], "operationId": "floatingIPs_list"}),
        ("/v2/vpcs", "get", {"tags": ["VPCs"], "operationId": "vpcs_list"}),
        ("/v2/reserved_ipv6", "get", {"tags": ["Reserved IPv6"], "operationId": "reservedIPv6_get"}),
        ("/users", "get", {"tags": ["Users"], "operationId": "getUserIDs"}),
        ("/keys", "get", {"tags": ["SSH Keys"], "operationId": "listHTTPServerSSHKeys"}),
    ))
    assert names == {
        "/paths/~1v2~1floating_ips/get": ("floating_ips", "list"),
        "/paths/~1v2~1vpcs/get": ("vpcs", "list"),
        "/paths/~1v2~1reserved_ipv6/get": ("reserved_ipv6", "get"),
        "/paths/~1users/get": ("users", "get_user_ids"),
        "/paths/~1keys/get": ("ssh_keys", "list_http_server_ssh_keys"),
    }


def test_the_later_of_two_clashing_operations_takes_its_path_based_name_unless_taken() -> None:
    """One rule for `generate`'s repair (tolerate.triage) and for drift naming what it names."""
    document = _document(
        ("/v1/items", "get", {"tags": ["items"], "operationId": "listItems"}),
        ("/v2/items", "get", {"tags": ["items"], "operationId": "listItems",
                              "x-codegen-method": "list_items"}),
        ("/v3/items", "get", {"tags": ["items"], "operationId": "get_v3_items"}),
    )
    taken = set(method_names(iter_operations(document)).values())
    paths = document["paths"]
    assert path_based_name("/v2/items", "get", paths["/v2/items"]["get"], taken) == "get_v2_items"
    assert path_based_name("/v3/items", "get", {"tags": ["items"], "operationId": "x"},
                           taken) is None


def test_a_dotted_operation_id_drops_what_leads_to_its_resource() -> None:
    """Google's operationIds are `api.resource.verb` (`drive.files.list`): every method was
    `client.files.drive_files_list`. The part after the resource names the method, unless two
    of a resource would then be named alike (they keep their full names)."""
    names = _names(_document(
        ("/files", "get", {"tags": ["files"], "operationId": "drive.files.list"}),
        ("/files/{id}", "get", {"tags": ["files"], "operationId": "drive.files.get"}),
        ("/c", "get", {"tags": ["comments"], "operationId": "drive.comments.list"}),
        ("/a", "get", {"tags": ["about"], "operationId": "drive.about"}),  # nothing after it
        ("/r", "get", {"tags": ["replies"], "operationId": "drive.replies.list"}),
        ("/r2", "post", {"tags": ["replies"], "operationId": "other.replies.list"}),
    ))
    assert names == {
        "/paths/~1files/get": ("files", "list"),
        "/paths/~1files~1{id}/get": ("files", "get"),
        "/paths/~1c/get": ("comments", "list"),
        "/paths/~1a/get": ("about", "drive_about"),
        "/paths/~1r/get": ("replies", "drive_replies_list"),
        "/paths/~1r2/post": ("replies", "other_replies_list"),
    }
