"""Names of operations, arguments and fields keep an acronym's plural and a version whole.

A trial on Xero, Jira and Kubernetes found `IDs` as the argument `i_ds`, `imageURLs` as
`image_ur_ls` and every Kubernetes method as `..._apps_v_1_...`: the public names of a client,
which a later fix would rename under its users.
"""

from __future__ import annotations

import re
from pathlib import Path

import hypothesis
import pytest

from generator import pipeline
from generator.io import write
from generator.names import identifiers
from generator.names.identifiers import natural_argument_name, pascal_case, snake_case
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer


@pytest.mark.parametrize(("text", "name"), [
    ("IDs", "ids"), ("ContactIDs", "contact_ids"), ("imageURLs", "image_urls"),
    ("FloatingIPs", "floating_ips"), ("userIDs", "user_ids"), ("IPv6Address", "ipv6_address"),
    ("patchAppsV1NamespacedDeployment", "patch_apps_v1_namespaced_deployment"),
    ("appsV2", "apps_v2"), ("EC2Instance", "ec2_instance"), ("HTTP2Server", "http2_server"),
    ("listAppsV1beta1Deployment", "list_apps_v1_beta1_deployment"),
    ("HTTPServer", "http_server"), ("X-RateLimit-Limit", "x_rate_limit_limit"),
    ("createCompletion", "create_completion"), ("a1b2", "a1b2"), ("2fa", "n2_fa"),
    # a numeronym keeps its one letter after the digits (Conjur's `k8sInjectClientCert` was
    # `k8_s_inject_client_cert`); two letters there start a word
    ("k8sInjectClientCert", "k8s_inject_client_cert"), ("getK8sCluster", "get_k8s_cluster"),
    ("i18nKey", "i18n_key"), ("v2users", "v2_users"), ("listS3Buckets", "list_s3_buckets"),
    ("OAuth", "oauth"), ("OAuth2", "oauth2"), ("getOAuthToken", "get_oauth_token"),
])
def test_acronyms_and_versions_stay_one_word(text: str, name: str) -> None:
    assert natural_argument_name(text) == name
    assert snake_case(text) == name.removeprefix("n")


def test_a_class_name_keeps_its_capitals() -> None:
    assert pascal_case("listAppsV1beta1Deployment") == "ListAppsV1Beta1Deployment"
    assert pascal_case("contactIDs") == "ContactIDs"


SPEC = """
openapi: 3.0.3
info: {title: Acronyms, version: "1"}
paths:
  /apis/apps/v1/deployments/{name}:
    patch:
      operationId: patchAppsV1NamespacedDeployment
      tags: [appsV1]
      parameters:
        - {name: name, in: path, required: true, schema: {type: string}}
        - {name: ContactIDs, in: query, schema: {type: array, items: {type: string}}, explode: false}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                imageURLs: {type: array, items: {type: string}}
                FloatingIPs: {type: integer}
      responses:
        "204": {description: done}
"""


def test_the_client_answers_to_the_names_and_sends_the_documents(tmp_path: Path) -> None:
    spec = tmp_path / "acronyms.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "acronym_pkg")])
    write.write(generation.packages["acronym_pkg"], tmp_path / "acronym_pkg")
    package = import_from(tmp_path, "acronym_pkg")
    with ScriptedServer([Reply(204)]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        client.apps_v1.patch_apps_v1_namespaced_deployment(
            name="web", contact_ids=["a", "b"], image_urls=["u"], floating_ips=2)
        (sent,) = server.requests
    assert (sent.path, sent.query) == ("/apis/apps/v1/deployments/web", [("ContactIDs", "a,b")])
    assert sent.json() == {"imageURLs": ["u"], "FloatingIPs": 2}


@pytest.mark.parametrize(("text", "name", "ascii_name"), [
    ("ÄPIs", "äpis", "apis"), ("ÉTATs", "états", "etats"), ("IDsé", "i_dsé", "i_dse"),
])
def test_a_name_with_other_letters_splits_as_its_ascii_form(text: str, name: str,
                                                            ascii_name: str) -> None:
    assert (natural_argument_name(text), snake_case(text)) == (name, ascii_name)


# The acronym pattern as it was before a run of capitals was tried from its first one only.
_TRIED_FROM_EACH_CAPITAL = re.compile(r"[A-Z]{2,}(?:s(?![a-z])|v\d+)|OAuth\d*(?![a-z])")


@hypothesis.settings(max_examples=400, deadline=None)
@hypothesis.given(hypothesis.strategies.text(alphabet="ABIOPSUVhstuv0126", max_size=24))
def test_acronyms_found_from_a_runs_first_capital_are_those_found_from_each(text: str) -> None:
    """A name of 150,000 capitals took a minute (each capital started a try that ran to the
    run's end): tried from the run's first capital only, the same acronyms are found."""
    found = [match.span() for match in identifiers._ACRONYM.finditer(text)]
    assert found == [match.span() for match in _TRIED_FROM_EACH_CAPITAL.finditer(text)]
