"""``pnpkit serve GAME``: watch the game and show its kit on a local web page that follows saves.

The :class:`~pnpkit.app.watch.Watcher` rebuilds the game on every save (with previews). A small
web server (standard library, on ``127.0.0.1`` only) serves one page: every page of every
document of the kit as a thumbnail. The page asks ``/state.json?after=N`` and the server answers
as soon as build ``N + 1`` is done (or after :data:`HOLD` seconds), so a save shows within moments:
the thumbnails of documents whose bytes changed are loaded again (each picture's address carries
its document's SHA-256), and when the data is bad its problems are shown at the top while the
last good pages stay. Only files under the game's output folder are served.

Under the pages, each deck's cards are shown once each (:class:`Cards`); a click on a card opens
``/card/<deck>/<NN>-<card>``: its front and back at their real size (a CSS inch is 96 px, so a
poker card with its 1/8 in bleed is ``width: 2.75in``, its trim 2.5 in), with the trim, bleed
and safe-zone lines of ``pnpkit proof`` (:mod:`pnpkit.app.proof`). Those pictures are drawn
when they are asked for, from the faces of the last good build, and served by name: an
address that names no face of the game is answered 404, and no file is read for it.

The server stays small whatever its clients do (:class:`PooledServer`): :data:`WORKERS` threads
answer, at most :data:`QUEUED` connections wait for one (more are answered 503 at once), at most
:data:`MAX_HELD` requests for the state are held waiting for a build (the others are answered at
once), and a client that sends nothing for :data:`TIMEOUT` seconds is let go. A malformed request
(a null byte, a name the file system refuses) is answered 400 or 404, and a client that hangs up
is no news: nothing of either reaches the terminal. It listens on ``127.0.0.1`` unless
``--host`` asks for another address.
"""

from __future__ import annotations

import contextlib
import errno
import html
import json
import socket
import sys
import threading
import urllib.parse
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

from pnpkit.app.export_printshop import DPI
from pnpkit.app.preview import PREVIEWS, RECORD, preview_document
from pnpkit.app.proof import ProofSide, face_picture, game_sides, proof_bleed
from pnpkit.app.watch import Outcome, Watcher
from pnpkit.errors import PnpkitError, UsageError
from pnpkit.layout.print_settings import PrintSettings

HOST = "127.0.0.1"
"""Where the server listens unless ``--host`` says otherwise: this computer only."""
HOLD = 20.0
"""Seconds the server holds ``/state.json?after=N`` waiting for a newer build."""
WORKERS = 8
"""Threads answering requests."""
QUEUED = 32
"""Connections that may wait for a thread; more are answered 503 Service Unavailable."""
MAX_HELD = 4
"""Requests for the state held waiting for a build at once (fewer than :data:`WORKERS`, so
files are always served); more are answered at once with the state as it is."""
TIMEOUT = 10.0
"""Seconds a connection may send nothing before it is closed."""
HUNG_UP = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, socket.timeout)
"""What a client that hangs up (or goes quiet) raises while it is answered: no news."""
TYPES = {".png": "image/png", ".pdf": "application/pdf", ".json": "application/json"}
THUMBNAIL_DPI = 40
"""A card's picture in the list of cards (a poker card with its bleed: 110 px wide)."""
KEPT_PICTURES = 48
"""Card pictures kept drawn (the most recently asked); older ones are drawn again if asked."""
CSS_DPI = 96
"""CSS pixels in a CSS inch: a picture ``width: 2.5in`` is 2.5 in on a screen at 100 %."""


@dataclass
class Cards:
    """The cards of the game's decks as the last good build printed them: listed for the page,
    and each face's picture drawn when it is asked for (:func:`pnpkit.app.proof.face_picture`),
    with the bleed and lines of ``pnpkit proof``."""

    game: str
    game_dir: Path
    decks: list[dict[str, Any]] = field(default_factory=list)
    """Each deck's key, title and cards (the card's page, its thumbnail, its caption)."""
    faces: dict[str, ProofSide] = field(default_factory=dict)
    """``<deck>/<NN>-<card>-front`` (or ``-back``) → the face."""
    bleed: float = 0.0
    kept: dict[tuple[str, float], bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    stale: PrintSettings | None = None
    """Set by a good build (with its print settings): the decks are read again when next
    asked for, so a build nobody looks at costs nothing more."""

    def built(self, settings: PrintSettings) -> None:
        """A good build: read the decks again, with ``settings``, when they are next asked."""
        with self.lock:
            self.stale = settings

    def _current(self) -> None:
        """With :attr:`lock` held: the decks read again if a build made them stale (when they
        cannot be read, the old stay)."""
        settings, self.stale = self.stale, None
        if settings is None:
            return
        try:
            found = game_sides(self.game, self.game_dir)
        except PnpkitError:
            return
        decks: list[dict[str, Any]] = []
        faces: dict[str, ProofSide] = {}
        for deck, shown in found:
            key = deck.deck.key
            cards = []
            for side in shown:
                name = f"{key}/{side.name.removesuffix('.png')}"
                faces[name] = side
                if name.endswith("-front"):
                    cards.append(
                        {
                            "page": f"/card/{name.removesuffix('-front')}",
                            "thumbnail": f"/card/{name}.png?dpi={THUMBNAIL_DPI}",
                            "caption": side.caption.rsplit(" · ", 1)[0],
                        }
                    )
            decks.append({"deck": key, "title": deck.deck.title, "cards": cards})
        self.decks, self.faces, self.bleed = decks, faces, proof_bleed(settings)
        self.kept.clear()

    def listing(self) -> list[dict[str, Any]]:
        """Each deck's key, title and cards, as the last good build printed them."""
        with self.lock:
            self._current()
            return self.decks

    def picture(self, name: str, dpi: float) -> bytes | None:
        """The PNG of the face ``name`` at ``dpi`` (300 or :data:`THUMBNAIL_DPI`), or None
        when the game has no such face."""
        with self.lock:  # one drawing at a time: the server stays small
            self._current()
            side = self.faces.get(name)
            if side is None:
                return None
            key = (name, dpi)
            body = self.kept.pop(key, None)
            if body is None:
                body = face_picture(side.face, self.bleed, dpi, side.outline)
            self.kept[key] = body
            while len(self.kept) > KEPT_PICTURES:
                del self.kept[next(iter(self.kept))]
            return body

    def page(self, card: str) -> str | None:
        """The HTML page of ``card`` (``<deck>/<NN>-<card>``): its front and back at their real
        size, or None when the game has no such card."""
        with self.lock:
            self._current()
            sides = [self.faces.get(f"{card}-{side}") for side in ("front", "back")]
            bleed = self.bleed
        if sides[0] is None:
            return None
        front = sides[0]
        width, height = front.face.width, front.face.height
        title = front.caption.rsplit(" · ", 1)[0]
        figures = "".join(
            _figure(f"/card/{card}-{which}.png", side, bleed)
            for which, side in zip(("front", "back"), sides, strict=True)
            if side is not None
        )
        size = f"{width / 72:g} × {height / 72:g} in ({width / MM_POINTS:.1f} × {height / MM_POINTS:.1f} mm)"
        return (
            CARD_PAGE.replace("{title}", html.escape(title))
            .replace("{game}", html.escape(self.game))
            .replace("{size}", size)
            .replace("{bleed}", f"{bleed / 72:g} in")
            .replace("{figures}", figures)
        )


MM_POINTS = 72 / 25.4


def _figure(src: str, side: ProofSide, bleed: float) -> str:
    """One face of the card page, ``width`` in CSS inches: its real size with its bleed."""
    width = (side.face.width + 2 * bleed) / 72
    height = (side.face.height + 2 * bleed) / 72
    caption = html.escape(side.caption)
    return (
        f'<figure><img src="{html.escape(src)}" alt="{caption}" '
        f'style="width: {width:g}in; height: {height:g}in"><figcaption>{caption}</figcaption>'
        "</figure>"
    )


@dataclass
class Live:
    """What the page shows: the last build's number and problems, the last good documents."""

    game: str
    out_dir: Path
    build: int = 0
    problems: list[str] = field(default_factory=list)
    documents: list[dict[str, Any]] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)
    waiting: set[int] = field(default_factory=set)
    """The ``after`` numbers of the requests being held (tests wait for the page this way)."""
    held: int = 0
    """How many requests are held (at most :data:`MAX_HELD`)."""
    cards: Cards | None = None
    """The decks' cards, read again (when next asked) after each good build, with the print
    settings :attr:`settings` gives."""
    settings: Callable[[], PrintSettings] | None = None

    def heard(self, outcome: Outcome) -> None:
        """A build finished: keep its problems, or its documents (and cards) when it was good."""
        documents = self.documents if not outcome.ok else self.read_documents()
        if outcome.ok and self.cards is not None and self.settings is not None:
            self.cards.built(self.settings())
        with self.changed:
            self.build += 1
            self.problems = list(outcome.problems)
            self.documents = documents
            self.changed.notify_all()

    def read_documents(self) -> list[dict[str, Any]]:
        kit = self.out_dir / self.game
        found: list[dict[str, Any]] = []
        for pdf in sorted(kit.glob("*.pdf")) if kit.is_dir() else []:
            shown = preview_document(pdf, self.out_dir)
            record = json.loads((kit / PREVIEWS / f"{pdf.stem}{RECORD}").read_text("utf-8"))
            version = str(record["sha256"])[:16]
            found.append(
                {
                    "pdf": shown.pdf,
                    "title": shown.title,
                    "version": version,
                    "pages": [f"{page.image}?v={version}" for page in shown.pages],
                }
            )
        return found

    def state(self, after: int, hold: float = HOLD) -> dict[str, Any]:
        """The state once build ``after + 1`` is done (or after ``hold`` seconds); at once when
        :data:`MAX_HELD` requests are held already."""
        with self.changed:
            if self.held < MAX_HELD:
                self.held += 1
                self.waiting.add(after)
                try:
                    self.changed.wait_for(lambda: self.build > after, timeout=hold)
                finally:
                    self.waiting.discard(after)
                    self.held -= 1
            state = {
                "game": self.game,
                "build": self.build,
                "problems": self.problems,
                "documents": self.documents,
            }
        state["cards"] = self.cards.listing() if self.cards is not None else []
        return state


def handler(live: Live) -> type[BaseHTTPRequestHandler]:
    """The request handler serving ``live``'s page, state and output files."""
    root = live.out_dir.resolve()

    class Handler(BaseHTTPRequestHandler):
        timeout = TIMEOUT

        def log_message(self, format: str, *args: Any) -> None:  # quiet: the watcher talks
            return

        def handle(self) -> None:
            try:
                super().handle()
            except HUNG_UP:  # the client went away: nothing to answer, nothing to say
                self.close_connection = True

        def do_GET(self) -> None:
            try:
                self.answer()
            except HUNG_UP:
                raise
            except (ValueError, UnicodeError):  # a malformed address
                self.send_error(HTTPStatus.BAD_REQUEST)

        def answer(self) -> None:
            url = urllib.parse.urlsplit(self.path)
            if url.path == "/":
                self.send(PAGE.replace("{game}", live.game).encode("utf-8"), "text/html")
            elif url.path == "/state.json":
                query = urllib.parse.parse_qs(url.query)
                try:
                    after = int(query.get("after", ["0"])[0])
                except ValueError:
                    after = 0
                body = json.dumps(live.state(after)).encode("utf-8")
                self.send(body, "application/json")
            elif url.path.startswith("/card/"):
                self.card(urllib.parse.unquote(url.path, errors="strict")[6:], url.query)
            else:
                self.file(urllib.parse.unquote(url.path, errors="strict").lstrip("/"))

        def file(self, relative: str) -> None:
            try:
                path = (root / relative).resolve()
                kit = (root / live.game).resolve()
                if not path.is_relative_to(kit) or not path.is_file():
                    raise FileNotFoundError(relative)
                body = path.read_bytes()
            except (OSError, ValueError):  # not there, or a name no file may have (a null byte)
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            self.send(body, TYPES.get(path.suffix, "application/octet-stream"))

        def card(self, name: str, query: str) -> None:
            """A card's page, or one of its faces' pictures (by name, never a file)."""
            found: bytes | None = None
            kind = "text/html"
            if live.cards is not None and name.endswith(".png"):
                asked = urllib.parse.parse_qs(query).get("dpi", [""])[0]
                dpi = THUMBNAIL_DPI if asked == str(THUMBNAIL_DPI) else DPI
                found = live.cards.picture(name.removesuffix(".png"), dpi)
                kind = "image/png"
            elif live.cards is not None:
                page = live.cards.page(name)
                found = page.encode("utf-8") if page is not None else None
            if found is None:
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            self.send(found, kind)

        def send(self, body: bytes, kind: str) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    return Handler


class PooledServer(HTTPServer):
    """An HTTP server whose requests are answered by :data:`WORKERS` threads, with at most
    :data:`QUEUED` connections waiting for one; a connection past those is answered 503 at once.
    A request that fails because its client hung up is not reported; any other failure is one
    line on stderr, never a traceback."""

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        self.pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="pnpkit-serve")
        self.slots = threading.BoundedSemaphore(WORKERS + QUEUED)
        super().__init__(address, handler)  # (which closes the server if it cannot listen)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            with contextlib.suppress(OSError):
                request.sendall(BUSY)
            self.shutdown_request(request)
            return
        self.pool.submit(self._answer, request, client_address)

    def _answer(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        error = sys.exc_info()[1]
        if error is None or isinstance(error, HUNG_UP):
            return
        print(f"pnpkit serve: a request failed ({type(error).__name__})", file=sys.stderr)

    def server_close(self) -> None:
        super().server_close()
        self.pool.shutdown(wait=False, cancel_futures=True)


BUSY = (
    b"HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\n"
    b"Connection: close\r\n\r\n"
)
"""The whole answer to a connection that finds every worker and every waiting place taken."""


@dataclass
class Server:
    """The watcher and the web server of one game, run until :meth:`stop`; on ``host``
    (:data:`HOST`, this computer alone, unless told otherwise)."""

    watcher: Watcher
    port: int = 8000
    host: str = HOST
    live: Live = field(init=False)
    http: PooledServer = field(init=False)
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.watcher.previews = True
        cards = Cards(self.watcher.game, self.watcher.game_dir)
        self.live = Live(self.watcher.game, self.watcher.out_dir, cards=cards)
        self.live.settings = lambda: self.watcher.settings
        try:
            self.http = PooledServer((self.host, self.port), handler(self.live))
        except OSError as exc:
            if exc.errno == errno.EACCES:
                raise UsageError(
                    f"--port {self.port}: this system does not let pnpkit listen on port "
                    f"{self.port} (ports under 1024 need administrator rights); use a port from "
                    "1024 to 65535, e.g. the default 8000, or --port 0 for any free port"
                ) from None
            if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(
                exc, socket.gaierror
            ):
                raise UsageError(
                    f"--host {self.host}: this computer has no such address to listen on "
                    f"(the default {HOST} is this computer alone)"
                ) from None
            if exc.errno != errno.EADDRINUSE:
                raise
            other = self.port + 1 if self.port < 65535 else 8000
            raise UsageError(
                f"--port {self.port}: port {self.port} on {self.host} is in use (another pnpkit "
                f"serve?); choose another, e.g. --port {other}, or --port 0 for any free port"
            ) from None

    @property
    def url(self) -> str:
        host = self.host if ":" not in self.host else f"[{self.host}]"
        return f"http://{host}:{self.http.server_address[1]}/"

    def start(self) -> None:
        """Serve and watch in background threads."""
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        threading.Thread(
            target=self.watcher.run,
            args=(self.stopping,),
            kwargs={"ready": self.live.heard},
            daemon=True,
        ).start()

    def stop(self) -> None:
        self.stopping.set()
        self.http.shutdown()
        self.http.server_close()


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>pnpkit serve: {game}</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #f4f1ea; color: #1b1b1b; }
header { background: #16324f; color: #fff; padding: 10px 20px; }
#error { display: none; background: #fde8e8; color: #a11d1d; border: 2px solid #a11d1d;
  margin: 12px 20px; padding: 8px 12px; white-space: pre-wrap; font-family: monospace; }
article { margin: 12px 20px; }
.pages { display: flex; flex-wrap: wrap; gap: 10px; }
.pages img { width: 160px; border: 1px solid #999; background: #fff; }
.cards a { display: inline-block; width: 110px; font-size: 12px; text-decoration: none;
  color: inherit; vertical-align: top; }
.cards img { width: 110px; border: 1px solid #999; background: #fff; }
</style></head>
<body data-build="0"><header><b>{game}</b> · <span id="status">waiting for the first build…</span>
</header><div id="error"></div><main id="kit"></main><section id="cards"></section>
<script>
var params = new URLSearchParams(location.search);
var until = parseInt(params.get("builds") || "0", 10);
var shownVersions = {};
function show(state) {
  var error = document.getElementById("error");
  if (state.problems.length) {
    error.textContent = state.problems.join("\\n");
    error.style.display = "block";
  } else {
    error.textContent = "";
    error.style.display = "none";
  }
  var kit = document.getElementById("kit");
  var wanted = state.documents.map(function (d) { return d.pdf; });
  Array.prototype.slice.call(kit.children).forEach(function (article) {
    if (wanted.indexOf(article.dataset.pdf) < 0) kit.removeChild(article);
  });
  state.documents.forEach(function (doc) {
    var article = kit.querySelector('article[data-pdf="' + doc.pdf + '"]');
    if (!article) {
      article = document.createElement("article");
      article.dataset.pdf = doc.pdf;
      article.innerHTML = "<h3></h3><div class='pages'></div>";
      article.querySelector("h3").textContent = doc.title;
      kit.appendChild(article);
    }
    if (article.dataset.version === doc.version) return;
    article.dataset.version = doc.version;
    var pages = article.querySelector(".pages");
    pages.innerHTML = "";
    doc.pages.forEach(function (src, i) {
      var img = document.createElement("img");
      img.alt = doc.title + ", page " + (i + 1);
      img.onload = count;
      img.src = src;
      pages.appendChild(img);
    });
  });
  showCards(state);
  document.body.dataset.build = state.build;
  document.getElementById("status").textContent = state.problems.length
    ? "build " + state.build + ": " + state.problems.length + " problem(s); the last good pages stay"
    : "build " + state.build + ": up to date";
}
var cardsShown = "";
function showCards(state) {
  var wanted = JSON.stringify(state.cards);
  if (state.problems.length || (wanted === cardsShown && state.build > 1)) return;
  cardsShown = wanted;
  var section = document.getElementById("cards");
  section.innerHTML = "";
  state.cards.forEach(function (deck) {
    var article = document.createElement("article");
    article.dataset.deck = deck.deck;
    article.innerHTML = "<h3></h3><div class='pages cards'></div>";
    article.querySelector("h3").textContent = deck.title + ": cards (click one for its full size)";
    var row = article.querySelector(".cards");
    deck.cards.forEach(function (card) {
      var link = document.createElement("a");
      link.href = card.page;
      var img = document.createElement("img");
      img.alt = card.caption;
      img.onload = count;
      img.src = card.thumbnail + "&v=" + state.build;
      link.appendChild(img);
      link.appendChild(document.createTextNode(card.caption));
      row.appendChild(link);
    });
    section.appendChild(article);
  });
}
function count() {
  var images = document.querySelectorAll("img");
  var loaded = Array.prototype.filter.call(images, function (i) {
    return i.complete && i.naturalWidth > 0;
  }).length;
  document.body.dataset.images = loaded + "/" + images.length;
}
function poll(after) {
  fetch("/state.json?after=" + after).then(function (r) { return r.json(); }).then(function (s) {
    show(s);
    if (until && s.build >= until) { document.body.dataset.done = "yes"; return; }
    poll(s.build);
  }).catch(function () { setTimeout(function () { poll(after); }, 1000); });
}
poll(0);
</script></body></html>
"""

CARD_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title} · {game}</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 20px; background: #f4f1ea; color: #1b1b1b; }
.faces { display: flex; flex-wrap: wrap; gap: 0.5in; align-items: flex-start; }
figure { margin: 0; }
figure img { display: block; background: #fff; }
figcaption { font-size: 13px; margin-top: 4px; }
.legend span { margin-right: 1.5em; white-space: nowrap; }
</style></head>
<body><p><a href="/">← {game}</a></p>
<h1>{title}</h1>
<p>A {size} card, shown at its real size with its {bleed} bleed (one CSS inch is 96 px: on
a screen at 100 % zoom a ruler held to it should agree).</p>
<p class="legend"><span>━ trim: cut here</span><span style="color:#d91a1a">╍ bleed edge: the art
runs to here</span><span style="color:#0059cc">┈ safe zone: keep words inside</span></p>
<div class="faces">{figures}</div>
</body></html>
"""
