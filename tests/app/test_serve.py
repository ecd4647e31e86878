"""``pnpkit serve``: a local page that follows saves, tested in headless Chromium."""

from __future__ import annotations

import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tests.browser import chromium, dump_dom

from pnpkit.app.new_game import scaffold
from pnpkit.app.serve import Server
from pnpkit.app.watch import Watcher

GAME = "salvage-run"


def _wait(done: Callable[[], bool], limit: float = 120.0) -> None:
    end = time.monotonic() + limit  # a hang guard, not a timing assertion
    while not done():
        if time.monotonic() > end:
            raise AssertionError("gave up waiting")
        time.sleep(0.05)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    data, out = tmp_path / "data", tmp_path / "output"
    scaffold(data, GAME, None)
    running = Server(Watcher(GAME, data, out, echo=lambda line: None), port=0)
    running.start()
    _wait(lambda: running.live.build >= 1)
    yield running
    running.stop()


def test_only_the_kit_is_served(server: Server, tmp_path: Path) -> None:
    (tmp_path / "output" / "secret.txt").write_text("no")
    assert server.url.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(server.url + "salvage-run/crew-cards.pdf") as reply:
        assert reply.read(5) == b"%PDF-"
    for path in ("secret.txt", "salvage-run/../secret.txt", "../data/salvage-run/game.yaml"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + path)
        assert refused.value.code == 404
        refused.value.close()


@pytest.mark.slow
def test_the_page_follows_saves_in_headless_chromium(server: Server, tmp_path: Path) -> None:
    browser = chromium("the live page")
    live = server.live
    first = {d["pdf"]: d["version"] for d in live.documents}
    pages = sum(len(d["pages"]) for d in live.documents)
    yaml = tmp_path / "data" / GAME / "game.yaml"
    text = yaml.read_text(encoding="utf-8")
    cards = tmp_path / "data" / GAME / "fortune.csv"  # the fortune deck's cards
    table = cards.read_text(encoding="utf-8")
    assert "one space downwind" in table and "copies: 2" in text

    def designer() -> None:
        """Saves while the page waits: a good edit of one deck, then bad data."""
        _wait(lambda: 1 in live.waiting)
        cards.write_text(table.replace("one space downwind", "two spaces downwind"), "utf-8")
        _wait(lambda: 2 in live.waiting)
        yaml.write_text(text.replace("copies: 2", "copies: many", 1), "utf-8")

    threading.Thread(target=designer, daemon=True).start()
    run = dump_dom(
        browser,
        server.url + "?builds=3",
        tmp_path / "profile",
        "--virtual-time-budget=60000",
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    dom = run.stdout
    assert 'data-build="3"' in dom and 'data-done="yes"' in dom
    # the edited deck's pages were loaded again, the other deck's not
    fortune = f"{GAME}/fortune-cards.pdf"
    crew = f"{GAME}/crew-cards.pdf"
    versions = dict(re.findall(r'data-pdf="([^"]+)" data-version="([^"]+)"', dom))
    assert versions[crew] == first[crew]
    assert versions[fortune] != first[fortune]
    assert f'src="{GAME}/previews/fortune-cards-p1.png?v={versions[fortune]}"' in dom
    # the error is on the page, the last good pages stay and every picture loaded
    error = re.search(r'<div id="error"[^>]*>(.*?)</div>', dom, re.S)
    assert error is not None and "game.yaml:" in error.group(1) and "many" in error.group(1)
    cards = sum(len(deck["cards"]) for deck in live.state(live.build, hold=0)["cards"])
    assert cards == 7 and dom.count('<a href="/card/') == cards  # each card, each token once
    assert dom.count("<img") == pages + cards
    assert f'data-images="{pages + cards}/{pages + cards}"' in dom


def test_serve_refuses_bad_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pnpkit.app.cli import main

    scaffold(tmp_path / "data", GAME, None)
    data = ["--data", str(tmp_path / "data"), "--out", str(tmp_path / "out")]
    assert main(["serve", "no-such-game", *data]) == 2
    assert "no-such-game" in capsys.readouterr().err
    assert main(["serve", GAME, "--port", "70000", *data]) == 2
    assert "0 to 65535" in capsys.readouterr().err


def test_a_busy_port_is_named_with_a_way_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    from pnpkit.app.cli import main

    scaffold(tmp_path / "data", GAME, None)
    data = ["--data", str(tmp_path / "data"), "--out", str(tmp_path / "out")]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", GAME, "--port", str(port), *data]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"error: --port {port}: port {port} on 127.0.0.1 is in use" in err
    assert "--port 0 for any free port" in err


def test_a_failing_template_is_shown_and_serve_keeps_following(tmp_path: Path) -> None:
    from tests.games.cardgame.opendeck import make_game

    game = make_game(tmp_path / "data")
    template = game / "templates" / "ship-front.svg.j2"
    good = template.read_text()
    running = Server(Watcher(game.name, game.parent, tmp_path / "out", echo=lambda _: None), port=0)
    running.start()
    try:
        _wait(lambda: running.live.build >= 1)
        assert running.live.problems == []
        template.write_text(good.replace("</svg>", "{{ 1/0 }}</svg>"))
        _wait(lambda: running.live.build >= 2)
        row = good.splitlines().index("</svg>") + 1
        assert any(
            p.startswith(f"{template}:{row}:1: Brig (card at ")
            and "ZeroDivisionError: division by zero" in p
            for p in running.live.problems
        ), running.live.problems
        template.write_text(good)
        _wait(lambda: running.live.build >= 3)
        assert running.live.problems == []
    finally:
        running.stop()


def test_a_port_the_system_refuses_is_named_with_a_way_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    import pnpkit.app.serve as serve
    from pnpkit.app.cli import main

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(serve, "PooledServer", refused)
    scaffold(tmp_path / "data", GAME, None)
    data = ["--data", str(tmp_path / "data"), "--out", str(tmp_path / "out")]
    assert main(["serve", GAME, "--port", "80", *data]) == 2
    err = capsys.readouterr().err
    assert "error: --port 80: this system does not let pnpkit listen on port 80" in err
    assert "--port 0 for any free port" in err


def _raw(server: Server, request: bytes) -> bytes:
    """What the server answers ``request``, sent as it is on a socket of its own."""
    import socket

    host, port = server.http.server_address[:2]
    with socket.create_connection((str(host), port), timeout=60) as conn:
        conn.sendall(request)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(
    "path",
    [
        "/salvage-run/%00",
        "/salvage-run/crew-cards.pdf%00.png",
        "/%2e%2e/%00",
        "/" + "a" * 5000,
        "/salvage-run/%ff%fe",
        "/state.json?after=%00",
        "/state.json?after=99999999999999999999999999",
    ],
)
def test_a_malformed_request_is_answered_400_or_404(
    server: Server, path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    server.live.build = 10**30  # the state is answered at once, whatever after= asks
    answer = _raw(server, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    status = answer.split(b"\r\n", 1)[0]
    assert status.split()[1] in (b"200", b"400", b"404"), status
    if "state.json" not in path:
        assert status.split()[1] in (b"400", b"404"), status
    said = capsys.readouterr()
    assert "Traceback" not in said.err + said.out


def test_a_request_line_that_is_not_http_is_answered_400(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    for request in (b"\x00\x01\x02 nonsense\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n"):
        answer = _raw(server, request)  # (a request line without a version gets no headers)
        assert b"Error code: 400" in answer or b"Error code: 505" in answer, (request, answer)
    assert "Traceback" not in capsys.readouterr().err


def test_clients_that_hang_up_are_no_news(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket
    import struct

    host, port = server.http.server_address[:2]
    for _ in range(20):  # ask for a document and hang up at once, resetting the connection
        conn = socket.create_connection((str(host), port), timeout=60)
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.sendall(b"GET /salvage-run/crew-cards.pdf HTTP/1.1\r\nHost: x\r\n\r\n")
        conn.close()
    # the server still answers, and said nothing of the clients that went away
    with urllib.request.urlopen(server.url + "salvage-run/crew-cards.pdf") as reply:
        assert reply.read(5) == b"%PDF-"
    said = capsys.readouterr()
    assert "Traceback" not in said.err and "Error" not in said.err, said.err


def test_held_requests_and_workers_are_bounded(server: Server) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from pnpkit.app import serve

    live = server.live
    after = live.build  # every request waits for the next build, or is answered at once
    asks = 3 * serve.MAX_HELD
    with ThreadPoolExecutor(asks) as clients:
        answers = [
            clients.submit(_raw, server, f"GET /state.json?after={after} HTTP/1.0\r\n\r\n".encode())
            for _ in range(asks)
        ]
        _wait(lambda: live.held == serve.MAX_HELD)
        # the requests past those held were answered already, and files are still served
        _wait(lambda: sum(a.done() for a in answers) == asks - serve.MAX_HELD)
        with urllib.request.urlopen(server.url + "salvage-run/crew-cards.pdf") as reply:
            assert reply.read(5) == b"%PDF-"
        assert live.held == serve.MAX_HELD
        with live.changed:  # a build: the held requests are answered
            live.build += 1
            live.changed.notify_all()
        assert all(b" 200 " in a.result(timeout=120).split(b"\r\n", 1)[0] for a in answers)
    assert live.held == 0
    threads = [t for t in threading.enumerate() if t.name.startswith("pnpkit-serve")]
    assert len(threads) <= serve.WORKERS


def test_a_connection_past_the_waiting_places_is_answered_503(server: Server) -> None:
    from pnpkit.app import serve

    slots = server.http.slots
    taken = 0
    while slots.acquire(blocking=False):  # every worker busy and every waiting place taken
        taken += 1
    try:
        assert taken == serve.WORKERS + serve.QUEUED
        answer = _raw(server, b"GET / HTTP/1.0\r\n\r\n")
        assert answer.startswith(b"HTTP/1.0 503 Service Unavailable")
    finally:
        for _ in range(taken):
            slots.release()
    assert _raw(server, b"GET / HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 200")


def test_serve_listens_on_this_computer_unless_told(tmp_path: Path) -> None:
    from pnpkit.app.cli import build_parser

    args = build_parser(["serve", GAME]).parse_args(["serve", GAME])
    assert args.host == "127.0.0.1"
    args = build_parser(["serve", GAME]).parse_args(["serve", GAME, "--host", "0.0.0.0"])
    assert args.host == "0.0.0.0"
