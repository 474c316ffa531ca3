"""The page of a browser seat (net/web.py): textual-serve's terminal
(xterm.js, its static files), fed by one WebSocket whose first message is
the seat's join link, read from the page's own address after its `#` (which
no browser sends in a request, so no proxy's log holds the token). Without
one, the page asks for the link to be pasted, and starts no process.

Everything here is the page's own text: nothing from the request is put in
it, and what the server says on closing is shown as text, never as markup.
"""

from __future__ import annotations

import html
from pathlib import Path

import textual_serve
from aiohttp import web

STATICS = Path(textual_serve.__path__[0]) / "static"  # xterm.js and its styles

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<link rel="stylesheet" href="@ROOT@static/css/xterm.css">
<style>
  html, body { margin: 0; height: 100%; background: #0c181f; color: #eee;
               font-family: "Roboto Mono", menlo, monospace; }
  #terminal { position: absolute; inset: 0; }
  .box { max-width: 44em; margin: 4em auto; padding: 1.5em 2em; background: #12232d; }
  .box input { width: 100%; box-sizing: border-box; padding: .5em; margin: .8em 0;
               font: inherit; }
  .box button { padding: .6em 2em; font: inherit; background: #5e0ba7; color: #fff;
                border: none; cursor: pointer; }
  .hidden { display: none; }
  body.-closed #ended { display: block; position: absolute; inset: 0; z-index: 10;
                        background: rgba(12, 24, 31, .92); }
</style>
</head>
<body>
<div id="paste" class="box hidden">
  <p>Paste the join link your host sent you for your side:</p>
  <form id="form"><input id="link" autocomplete="off" spellcheck="false"
    placeholder="...#game=...&amp;side=...&amp;token=...">
  <button type="submit">Play</button></form>
  <p id="wrong" class="hidden">That is not a join link: it ends in
    #game=...&amp;side=...&amp;token=...</p>
</div>
<div id="ended" class="hidden"><div class="box">
  <p id="why">The game's page was closed.</p>
  <button type="button" id="again">Open it again</button>
</div></div>
<div id="terminal" class="textual-terminal hidden" data-font-size="16"></div>
<script>
(function () {
  "use strict";
  var ROOT = "@ROOT@";
  var hash = window.location.hash.replace(/^#/, "");
  function fields(text) { return new URLSearchParams(text); }
  function seatOf(text) {
    var f = fields(text);
    return /^[0-9a-f]{16}$/.test(f.get("game") || "") && f.get("side") && f.get("token");
  }
  document.getElementById("again").onclick = function () { window.location.reload(); };
  if (!seatOf(hash)) {
    document.getElementById("paste").classList.remove("hidden");
    document.getElementById("form").onsubmit = function (event) {
      event.preventDefault();
      var text = document.getElementById("link").value.trim();
      var fragment = text.indexOf("#") >= 0 ? text.slice(text.indexOf("#") + 1) : text;
      if (!seatOf(fragment)) {
        document.getElementById("wrong").classList.remove("hidden");
        return;
      }
      var next = new URL(ROOT + "g/" + fields(fragment).get("game") + "/",
                         window.location.href);
      next.hash = fragment;
      var same = next.pathname === window.location.pathname;
      window.location.href = next.href;
      if (same) window.location.reload();  // only the part after # changed
    };
    var unused = document.getElementById("terminal");
    unused.parentNode.removeChild(unused);  // no socket, no process
    return;
  }
  var here = new URL("ws", window.location.href);
  here.protocol = here.protocol === "https:" ? "wss:" : "ws:";
  here.hash = "";
  var terminal = document.getElementById("terminal");
  terminal.dataset.sessionWebsocketUrl = here.href;
  terminal.classList.remove("hidden");
  // the terminal's socket says which seat first, before any key
  var Native = window.WebSocket;
  function Seated(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("open", function () {
      socket.send(JSON.stringify(["join", hash]));
    });
    socket.addEventListener("close", function (event) {
      var why = document.getElementById("why");
      document.getElementById("ended").classList.remove("hidden");
      // lost (1006) or the server restarting (1012): opened again by itself
      // once the page answers, as the terminal's `join` reconnects (play-test:
      // a minute's outage of the proxy ended the browser's game); a close
      // the server chose (idle, refused, the game's end) is only said
      if (event.code === 1006 || event.code === 1012) {
        why.textContent = "Connection lost; reconnecting...";
        var wait = 2000;
        var retry = function () {
          fetch(window.location.href, {cache: "no-store"}).then(function (answer) {
            if (answer.ok) { window.location.reload(); } else { later(); }
          }, later);
        };
        var later = function () {
          wait = Math.min(wait * 2, 30000);
          setTimeout(retry, wait);
        };
        setTimeout(retry, wait);
        return;
      }
      why.textContent = event.reason || "The game's page was closed.";
    });
    return socket;
  }
  Seated.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Seated[name] = Native[name];
  });
  window.WebSocket = Seated;
})();
</script>
<script src="@ROOT@static/js/textual.js"></script>
</body>
</html>
"""


def page(root: str = "", title: str = "Warp Empires") -> str:
    """The page, its links relative to `root`, so that it works under any
    prefix a proxy gives it: at /g/ID/ its files are the game's own
    (`game_file`)."""
    return PAGE.replace("@ROOT@", html.escape(root)).replace("@TITLE@", html.escape(title))


async def game_file(request: web.Request) -> web.FileResponse:
    """A game page's static file, under the game's own path (/g/ID/static/...):
    every connection a game's page opens names the game, and makes room
    after those that name none (entrance.py; issue 38's eighth attack, a
    churn of whole requests at the browsers' port)."""
    base = STATICS.resolve()
    path = (base / request.match_info["file"]).resolve()
    if not path.is_relative_to(base) or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path)
