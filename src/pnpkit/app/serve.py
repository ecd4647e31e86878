"""``pnpkit serve GAME``: watch the game and show its kit on a local web page that follows saves.

The :class:`~pnpkit.app.watch.Watcher` rebuilds the game on every save (with previews). A small
web server (standard library, on ``127.0.0.1`` only) serves one page: every page of every
document of the kit as a thumbnail. The page asks ``/state.json?after=N`` and the server answers
as soon as build ``N + 1`` is done (or after :data:`HOLD` seconds), so a save shows within moments:
the thumbnails of documents whose bytes changed are loaded again (each picture's address carries
its document's SHA-256), and when the data is bad its problems are shown at the top while the
last good pages stay. Only files under the game's output folder are served.
"""

from __future__ import annotations

import errno
import json
import threading
import urllib.parse
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from pnpkit.app.preview import PREVIEWS, RECORD, preview_document
from pnpkit.app.watch import Outcome, Watcher
from pnpkit.errors import UsageError

HOST = "127.0.0.1"
HOLD = 20.0
"""Seconds the server holds ``/state.json?after=N`` waiting for a newer build."""
TYPES = {".png": "image/png", ".pdf": "application/pdf", ".json": "application/json"}


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

    def heard(self, outcome: Outcome) -> None:
        """A build finished: keep its problems, or its documents when it was good."""
        documents = self.documents if not outcome.ok else self.read_documents()
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
        """The state once build ``after + 1`` is done (or after ``hold`` seconds)."""
        with self.changed:
            self.waiting.add(after)
            try:
                self.changed.wait_for(lambda: self.build > after, timeout=hold)
            finally:
                self.waiting.discard(after)
            return {
                "game": self.game,
                "build": self.build,
                "problems": self.problems,
                "documents": self.documents,
            }


def handler(live: Live) -> type[BaseHTTPRequestHandler]:
    """The request handler serving ``live``'s page, state and output files."""
    root = live.out_dir.resolve()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet: the watcher talks
            return

        def do_GET(self) -> None:
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
            else:
                self.file(urllib.parse.unquote(url.path).lstrip("/"))

        def file(self, relative: str) -> None:
            path = (root / relative).resolve()
            kit = (root / live.game).resolve()
            if not path.is_relative_to(kit) or not path.is_file():
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            self.send(path.read_bytes(), TYPES.get(path.suffix, "application/octet-stream"))

        def send(self, body: bytes, kind: str) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    return Handler


@dataclass
class Server:
    """The watcher and the web server of one game, run until :meth:`stop`."""

    watcher: Watcher
    port: int = 8000
    live: Live = field(init=False)
    http: ThreadingHTTPServer = field(init=False)
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.watcher.previews = True
        self.live = Live(self.watcher.game, self.watcher.out_dir)
        try:
            self.http = ThreadingHTTPServer((HOST, self.port), handler(self.live))
        except OSError as exc:
            if exc.errno == errno.EACCES:
                raise UsageError(
                    f"--port {self.port}: this system does not let pnpkit listen on port "
                    f"{self.port} (ports under 1024 need administrator rights); use a port from "
                    "1024 to 65535, e.g. the default 8000, or --port 0 for any free port"
                ) from None
            if exc.errno != errno.EADDRINUSE:
                raise
            other = self.port + 1 if self.port < 65535 else 8000
            raise UsageError(
                f"--port {self.port}: port {self.port} on {HOST} is in use (another pnpkit "
                f"serve?); choose another, e.g. --port {other}, or --port 0 for any free port"
            ) from None
        self.http.daemon_threads = True

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.http.server_address[1]}/"

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
</style></head>
<body data-build="0"><header><b>{game}</b> · <span id="status">waiting for the first build…</span>
</header><div id="error"></div><main id="kit"></main>
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
  document.body.dataset.build = state.build;
  document.getElementById("status").textContent = state.problems.length
    ? "build " + state.build + ": " + state.problems.length + " problem(s); the last good pages stay"
    : "build " + state.build + ": up to date";
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
