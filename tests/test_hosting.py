"""The server's static-host mode (build.Hosting), which `build.py bench --network` measures a first
visit through: one throttled link shared by every connection, ETags answered 304, and gzip only
where a static host gzips and only when the browser asks."""

from __future__ import annotations

import contextlib
import gzip
import http.client
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import build  # noqa: E402

RATE = 800_000  # bits a second: 100 kB a second
SIZE = 40_000  # bytes a response


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text(("<p>hello</p>" * SIZE)[:SIZE])
    (tmp_path / "a.bin").write_bytes(bytes(SIZE))
    (tmp_path / "b.bin").write_bytes(bytes(SIZE))
    (tmp_path / "engine.wasm").write_bytes(bytes(SIZE))
    (tmp_path / "lib.zip").write_bytes(bytes(SIZE))
    return tmp_path


@contextlib.contextmanager
def serve(site: Path, hosting: build.Hosting | None) -> Iterator[str]:
    server = build.make_server(0, site, hosting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def host(site: Path) -> Iterator[str]:
    with serve(site, build.Hosting()) as url:
        yield url


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as reply:
        return reply.code, dict(reply.headers), reply.read()


def test_two_streams_share_the_link_and_never_pass_its_rate() -> None:
    pipe = build.Pipe(RATE, 0.0)

    def stream() -> None:
        for _ in range(SIZE // pipe.CHUNK + 1):
            pipe.send(min(pipe.CHUNK, SIZE))

    streams = [threading.Thread(target=stream) for _ in range(2)]
    t0 = time.monotonic()
    for s in streams:
        s.start()
    for s in streams:
        s.join()
    sent = 2 * (SIZE // pipe.CHUNK + 1) * min(pipe.CHUNK, SIZE)
    # Both streams' bytes at the one rate: each alone would take half as long.
    assert time.monotonic() - t0 >= sent / (RATE / 8) * 0.98


def test_concurrent_responses_take_their_whole_bytes_over_the_one_link(site: Path) -> None:
    rtt = 0.05
    done: list[int] = []
    with serve(site, build.Hosting(pipe=build.Pipe(RATE, rtt))) as url:
        fetches = [
            threading.Thread(target=lambda n=n: done.append(len(get(url + n)[2])))
            for n in ("a.bin", "b.bin")
        ]
        t0 = time.monotonic()
        for f in fetches:
            f.start()
        for f in fetches:
            f.join()
        took = time.monotonic() - t0
        assert done == [SIZE, SIZE]
        assert took >= rtt + 2 * SIZE / (RATE / 8) * 0.98
        assert took < rtt + 2 * SIZE / (RATE / 8) + 1.0  # and not a response after the other


def test_a_matching_etag_is_answered_304_and_another_gets_the_file(host: str) -> None:
    status, headers, body = get(host + "a.bin")
    assert status == 200 and len(body) == SIZE
    etag = headers["ETag"]
    status, headers, body = get(host + "a.bin", **{"If-None-Match": etag})
    assert (status, body, headers["ETag"]) == (304, b"", etag)
    status, _, body = get(host + "a.bin", **{"If-None-Match": '"another"'})
    assert status == 200 and len(body) == SIZE
    # The gzipped copy is another representation: its own tag.
    _, packed, _ = get(host + "a.bin", **{"Accept-Encoding": "gzip"})
    _, html, _ = get(host + "index.html", **{"Accept-Encoding": "gzip"})
    _, plain, _ = get(host + "index.html")
    assert packed["ETag"] == etag and html["ETag"] != plain["ETag"]


def test_gzip_only_when_asked_and_only_for_text_and_wasm(host: str) -> None:
    for name in ("index.html", "engine.wasm"):
        status, headers, body = get(host + name, **{"Accept-Encoding": "br, gzip;q=0.8"})
        assert headers.get("Content-Encoding") == "gzip", name
        assert int(headers["Content-Length"]) == len(body) < SIZE / 10
        assert len(gzip.decompress(body)) == SIZE
        _, headers, body = get(host + name)
        assert "Content-Encoding" not in headers and len(body) == SIZE
    for name in ("a.bin", "lib.zip"):
        _, headers, body = get(host + name, **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and len(body) == SIZE, name


def test_without_hosting_the_files_go_as_they_are(site: Path) -> None:
    with serve(site, None) as url:
        _, headers, body = get(url + "index.html", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and "ETag" not in headers
        assert len(body) == SIZE


def test_the_rest_of_a_file_is_sent_when_asked_for_by_a_resume(site: Path) -> None:
    (site / "lib.zip").write_bytes((bytes(range(256)) * SIZE)[:SIZE])  # no two parts alike
    with serve(site, build.Hosting()) as host:
        resumes(host)


def resumes(host: str) -> None:
    _, headers, whole = get(host + "lib.zip")
    assert headers["Accept-Ranges"] == "bytes"
    status, part, body = get(host + "lib.zip", Range="bytes=1000-", **{"If-Range": headers["ETag"]})
    assert status == 206 and body == whole[1000:]
    assert part["Content-Range"] == f"bytes 1000-{SIZE - 1}/{SIZE}"
    # Another version of the file than the one resumed, or a range no resume asks for: all of it.
    status, _, body = get(host + "lib.zip", Range="bytes=1000-", **{"If-Range": '"older"'})
    assert status == 200 and body == whole
    status, _, body = get(host + "lib.zip", Range="bytes=0-99")
    assert status == 200 and body == whole
    # What the host gzips goes whole: a range of it would be a range of the gzipped bytes.
    status, headers, _ = get(
        host + "index.html", Range="bytes=1000-", **{"Accept-Encoding": "gzip"}
    )
    assert status == 200 and "Accept-Ranges" not in headers


def test_a_planted_drop_cuts_the_first_response_only(site: Path) -> None:
    with serve(site, build.Hosting(drop=("a.bin", 5000))) as url:
        with pytest.raises((http.client.IncompleteRead, ConnectionError)):
            get(url + "a.bin")
        assert len(get(url + "a.bin")[2]) == SIZE
        assert len(get(url + "b.bin")[2]) == SIZE
