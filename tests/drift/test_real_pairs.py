"""A real version pair: @ideal-postcodes/openapi 4.14.1 -> 4.21.0 (npm; 0.45 and 0.5 MB).

The documents are fetched from the npm registry with `npm pack` the first time (two packages,
0.75 MB), checked against the sha256 pinned in bench/drift_pins.json and cached in
`.bench-cache/drift/` (bench/drift_pairs.py). Both fail openapi-spec-validator (duplicated enum
values in CountryISO, Country...), so they are compared as `diff --no-validate` does.

The breaking changes below were judged one by one by reading both documents; every other change
of the pair (76: descriptions, examples, added properties, enum values added to responses...)
is non-breaking, and none is undecided.
"""

from __future__ import annotations

import pytest

from bench.drift_pairs import pair_files
from generator.document.loading import load
from generator.drift.diff.change import BREAKING, POSSIBLY_BREAKING, Change
from generator.drift.diff.differ import diff
from generator.drift.report import ReportOptions, format_changes, owner

PAIR = "ideal-postcodes 4.14.1 -> 4.21.0"
S = "/components/schemas/"

# (kind, pointer, why it breaks a client generated from 4.14.1)
EXPECTED_BREAKING = {
    # A new address type, `AbpAddress` (AddressBase Premium: `dataset: abp`), joins the oneOf of
    # results. No old branch accepts dataset "abp" (each pins its own: paf, mr, nyb, pafw, pafa,
    # ab), so a response carrying one fails the old client's union of models.
    ("one-of-branch-added", S + "AddressResponse/properties/result/properties/hits/items/oneOf/6"),
    ("one-of-branch-added", S + "GbrResolveAddressResponse/properties/result/oneOf/6"),
    ("one-of-branch-added", S + "PostcodeResponse/properties/result/items/oneOf/6"),
    ("one-of-branch-added", S + "UsaGlobalAddress/properties/native/oneOf/8"),
    # A new French address type, `BanAddress` (`dataset: ban`), joins the native-address oneOfs;
    # every old branch pins another dataset (herewe..., gnaf, kadaster, ..., bev).
    ("one-of-branch-added", S + "UsaGlobalAddress/properties/native/oneOf/19"),
    ("one-of-branch-added", S + "GbrGlobalAddress/properties/native/oneOf/13"),
    # EcadAddress.post_county_id: `type: string` became `nullable: true`: the old model's `str`
    # field rejects the null the server may now send.
    ("response-property-became-nullable", S + "EcadAddress/allOf/1/properties/post_county_id"),
}


@pytest.fixture(scope="module")
def changes() -> list[Change]:
    old, new = pair_files(PAIR)
    return diff(load(old).data, load(new).data)


@pytest.mark.timeout(120)
def test_breaking_changes_are_the_judged_ones(changes: list[Change]) -> None:
    found = {(c.kind, c.pointer) for c in changes if c.severity == BREAKING}
    assert found == EXPECTED_BREAKING
    assert not [c for c in changes if c.severity == POSSIBLY_BREAKING]
    # (74 since 12-06: `usps_country_iso`, unchanged, is no longer said to gain and lose the
    # values `CountryISO` gained and lost, a merged union's artifact placed at its pointer)
    assert len(changes) == len(EXPECTED_BREAKING) + 74


@pytest.mark.timeout(120)
def test_each_shared_change_once_and_the_breaking_report_fits_a_screen(
        changes: list[Change]) -> None:
    assert len({(c.pointer, c.kind, c.severity) for c in changes}) == len(changes)
    nullable = next(c for c in changes if c.kind == "response-property-became-nullable")
    assert nullable.operations == ("GET /autocomplete/addresses/{address}/gbr",
                                   "GET /autocomplete/addresses/{address}/usa",
                                   "GET /postcodes/{postcode}")
    report = format_changes(changes, "text", ReportOptions(only=BREAKING))
    assert report.startswith("== Breaking ==\n")
    assert report.rstrip().endswith("7 breaking, 0 possibly breaking, 74 non-breaking change(s)")
    per_heading: dict[str, int] = {}
    for change in changes:
        if change.severity == BREAKING:
            per_heading[owner(change)] = per_heading.get(owner(change), 0) + 1
    assert max(per_heading.values()) <= 8  # one screen per operation


@pytest.mark.timeout(300)
def test_each_change_of_the_pair_names_its_effect_on_the_client() -> None:
    """Every breaking change of the pair is traced to a model of the generated client (the
    union of address models gains a branch; a field becomes `str | None`), so each is
    client-breaking; the documentation-only changes have no effect on the client."""
    from generator.drift.diff.client import NO_EFFECT, diff_with_client

    old, new = pair_files(PAIR)
    traced = diff_with_client(load(old).data, load(new).data)
    breaking = {c.pointer: c.client for c in traced if c.severity == BREAKING}
    assert all(effect.startswith("models.") for effect in breaking.values()), breaking
    assert breaking[S + "EcadAddress/allOf/1/properties/post_county_id"] == (
        "models.EcadAddress.post_county_id: now accepts None: str -> str | None")
    # a change inside an inline object lands on the class dcg makes of it; the union's long
    # run of unchanged members is elided
    assert breaking[S + "AddressResponse/properties/result/properties/hits/items/oneOf/6"] == (
        "models.AddressResponseResult.hits: list[PafAddress | ... | AbAddress]"
        " -> list[PafAddress | ... | AbAddress | AbpAddress]")
    assert all(c.client_breaking for c in traced if c.severity == BREAKING)
    docs_only = [c for c in traced if c.kind in ("description-changed", "example-changed")]
    assert docs_only and all(c.client == NO_EFFECT and not c.client_breaking for c in docs_only)
    # the one non-breaking change that breaks code: Kosovo's code left the `CountryISO` enum,
    # whose class loses the member `kos` (dcg snake-cases members)
    (kosovo,) = [c for c in traced if c.client_breaking and c.severity != BREAKING]
    assert (kosovo.kind, kosovo.client) == (
        "enum-value-removed-response",
        'models.CountryISO: lost enum value(s) "KOS"; models.CountryISO.kos: member removed')
