"""generator/io/cache.py on its own: entries round-trip, damage is a miss (and the entry goes),
the size bound evicts the least recently used, an unusable folder is no cache, and the folder
and the switch come from the environment."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from generator.io import cache
from generator.io.cache import Cache

KEY = cache.key_of({"what": "a value"})
OTHER = cache.key_of({"what": "another value"})


def test_a_value_round_trips(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    assert store.get("things", KEY) is None
    value = {"files": {"a.py": "x = 'é'\n"}, "n": [1, 2.5, None, True]}
    store.put("things", KEY, value)
    assert store.get("things", KEY) == value
    assert store.get("other", KEY) is None and store.get("things", OTHER) is None


@pytest.mark.parametrize("damage", [
    lambda entry: entry[:-1],  # truncated
    lambda entry: entry[:20],  # truncated in the header
    lambda entry: entry[:-2] + bytes([entry[-2] ^ 0x20]) + entry[-1:],  # a byte flipped
    lambda entry: b"",
    lambda entry: b"{\"files\": {}}",  # JSON, but no header
    lambda entry: entry.replace(cache.MAGIC, b"openapi-clientgen-cache/0"),  # another format
])
def test_a_damaged_entry_is_a_miss_and_is_deleted(tmp_path: Path, damage: object) -> None:
    store = Cache(tmp_path / "c")
    store.put("things", KEY, {"value": "some text to damage"})
    path = tmp_path / "c" / "things" / KEY
    assert callable(damage)
    path.write_bytes(damage(path.read_bytes()))
    assert store.get("things", KEY) is None
    assert not path.exists()
    store.put("things", KEY, {"value": "again"})
    assert store.get("things", KEY) == {"value": "again"}


def test_a_checksummed_payload_that_is_not_json_is_a_miss(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    payload = b"[1, 2"
    digest = cache.hashlib.sha256(payload).hexdigest().encode()
    (tmp_path / "c" / "things").mkdir(parents=True)
    (tmp_path / "c" / "things" / KEY).write_bytes(
        b"%s %d %s\n" % (cache.MAGIC, len(payload), digest) + payload)
    assert store.get("things", KEY) is None


TEXTS = {"pkg/a.py": "x = 'é'\n", "pkg/empty.py": "", "pkg/\u00e9.py": "s = '\U0001f600'\n"}


def test_texts_round_trip_with_their_meta(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    assert store.get_texts("texts", KEY) is None
    store.put_texts("texts", KEY, {"format": 1, "lines": {"/a": 3}}, TEXTS)
    assert store.get_texts("texts", KEY) == ({"format": 1, "lines": {"/a": 3}}, TEXTS)
    assert list(store.get_texts("texts", KEY)[1]) == list(TEXTS)  # order kept


def _checksummed(magic: bytes, payload: bytes) -> bytes:
    digest = cache.hashlib.sha256(payload).hexdigest().encode()
    return b"%s %d %s\n" % (magic, len(payload), digest) + payload


@pytest.mark.parametrize("damage", [
    lambda entry: entry[:-1],  # truncated
    lambda entry: entry[:-2] + bytes([entry[-2] ^ 0x20]) + entry[-1:],  # a byte flipped
    lambda entry: entry.replace(cache.TEXTS_MAGIC, cache.MAGIC),  # framed as a JSON entry
    # whole and checksummed, but the index and the texts disagree
    lambda entry: _checksummed(cache.TEXTS_MAGIC, b'{"meta":1,"names":["a"],"sizes":[5]}\nabc'),
    lambda entry: _checksummed(cache.TEXTS_MAGIC, b'{"meta":1,"names":["a","b"],"sizes":[3]}\nabc'),
    lambda entry: _checksummed(cache.TEXTS_MAGIC, b'{"meta":1,"names":["a"],"sizes":[-1]}\n'),
    lambda entry: _checksummed(cache.TEXTS_MAGIC, b'{"meta":1,"names":[1],"sizes":[3]}\nabc'),
    lambda entry: _checksummed(cache.TEXTS_MAGIC, b'{"meta":1,"names":["a"],"sizes":[2]}\n\xc3('),
    lambda entry: _checksummed(cache.TEXTS_MAGIC, b'[1, 2]\nabc'),
])
def test_a_damaged_texts_entry_is_a_miss_and_is_deleted(tmp_path: Path, damage: object) -> None:
    store = Cache(tmp_path / "c")
    store.put_texts("texts", KEY, {"format": 1}, TEXTS)
    path = tmp_path / "c" / "texts" / KEY
    assert callable(damage)
    path.write_bytes(damage(path.read_bytes()))
    assert store.get_texts("texts", KEY) is None
    assert not path.exists()


def test_a_json_entry_is_not_a_texts_entry_nor_the_reverse(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    store.put("things", KEY, {"files": TEXTS})
    store.put_texts("texts", KEY, {"format": 1}, TEXTS)
    assert store.get_texts("things", KEY) is None
    assert store.get("texts", KEY) is None


def test_texts_without_a_utf8_form_are_not_stored(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    store.put_texts("texts", KEY, {"format": 1}, {"a.py": "\ud800"})  # a lone surrogate
    assert store.get_texts("texts", KEY) is None


def test_writes_leave_no_temporary_files(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    store.put("things", KEY, {"v": 1})
    store.put("things", KEY, {"v": 2})
    assert os.listdir(tmp_path / "c" / "things") == [KEY]


def test_stale_temporary_files_are_swept_fresh_ones_kept(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    store.put("things", KEY, {"v": 1})
    stale, fresh = (tmp_path / "c" / "things" / ".tmp-old"), (tmp_path / "c" / "things" / ".tmp-new")
    stale.write_bytes(b"half")
    fresh.write_bytes(b"half")
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    store.put("things", OTHER, {"v": 2})
    assert not stale.exists() and fresh.exists()


def _aged(store: Cache, namespace: str, key: str, seconds_ago: float) -> None:
    when = time.time() - seconds_ago
    os.utime(store.folder / namespace / key, (when, when))


def test_the_bound_evicts_the_least_recently_used(tmp_path: Path) -> None:
    blob = "x" * 1000
    keys = [cache.key_of(index) for index in range(4)]
    store = Cache(tmp_path / "c", max_bytes=3 * 1200)
    for age, key in zip((40, 30, 20), keys[:3], strict=True):
        store.put("things", key, blob)
        _aged(store, "things", key, age)
    assert store.get("things", keys[0]) == blob  # used now: the newest
    store.put("other", keys[3], blob)  # the bound spans namespaces
    assert store.get("things", keys[1]) is None, "the least recently used is evicted"
    assert all(store.get(namespace, key) == blob for namespace, key in
               (("things", keys[0]), ("things", keys[2]), ("other", keys[3])))


def test_a_value_larger_than_the_bound_is_not_stored(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c", max_bytes=500)
    store.put("things", OTHER, "small")
    store.put("things", KEY, "x" * 1000)
    assert store.get("things", KEY) is None
    assert store.get("things", OTHER) == "small", "nothing evicted for what could not fit"


def test_an_unusable_folder_is_no_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_bytes(b"")
    store = Cache(blocker / "c")
    store.put("things", KEY, {"v": 1})
    assert store.get("things", KEY) is None
    store.evict()


def test_values_without_a_json_form_are_not_stored(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    store.put("things", KEY, {"v": object()})
    assert store.get("things", KEY) is None


def test_keys_and_namespaces_cannot_leave_the_folder(tmp_path: Path) -> None:
    store = Cache(tmp_path / "c")
    for namespace, key in (("things", "../x"), ("../things", KEY), ("things", "")):
        with pytest.raises(ValueError):
            store.get(namespace, key)


def test_key_of_ignores_mapping_order_data_hash_does_not() -> None:
    assert cache.key_of({"a": 1, "b": 2}) == cache.key_of({"b": 2, "a": 1})
    assert cache.key_of({"a": 1}) != cache.key_of({"a": "1"})
    assert cache.data_sha256({"a": 1, "b": 2}) != cache.data_sha256({"b": 2, "a": 1})
    assert cache.data_sha256({"a": 1}) != cache.data_sha256({"a": True})
    assert cache.data_sha256({"a": 1}) != cache.data_sha256({"a": 1.0})
    assert cache.data_sha256({"a": object()}) is None


def test_the_folder_comes_from_the_environment(tmp_path: Path) -> None:
    home = Path.home()
    assert cache.default_folder({}) == home / ".cache" / "openapi-clientgen"
    assert cache.default_folder({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "openapi-clientgen"
    assert cache.default_folder({"XDG_CACHE_HOME": str(tmp_path),
                                 cache.DIR_ENV: str(tmp_path / "mine")}) == tmp_path / "mine"


@pytest.mark.parametrize(("value", "off"), [("", False), ("0", False), ("false", False),
                                            ("no", False), ("1", True), ("yes", True)])
def test_the_switch_comes_from_the_environment(value: str, off: bool) -> None:
    assert cache.disabled_by_environment({cache.OFF_ENV: value}) is off
    assert cache.disabled_by_environment({}) is False


def test_user_cache_follows_the_flag_and_the_environment(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "c"))
    monkeypatch.delenv(cache.OFF_ENV, raising=False)
    monkeypatch.setenv(cache.SIZE_ENV, "1234")
    found = cache.user_cache()
    assert found is not None and found.folder == tmp_path / "c" and found.max_bytes == 1234
    assert cache.user_cache(enabled=False) is None
    monkeypatch.setenv(cache.OFF_ENV, "1")
    assert cache.user_cache() is None


def test_the_suite_never_uses_the_users_cache() -> None:
    folder = cache.user_cache()
    assert folder is not None
    assert not folder.folder.resolve().is_relative_to(cache.default_folder({}).resolve())
