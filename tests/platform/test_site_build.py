"""The browser tests' build sharing: a copied build serves its own port and keeps the export's
notes for the server (without them each server worker evaluates every page as it starts)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.site_build import BACKEND, CLIENT, STAMP, retarget


def test_a_retargeted_build_names_its_port_and_keeps_the_backend_notes(tmp_path: Path) -> None:
    donor, web_dir = tmp_path / "port-3201", tmp_path / "port-3202"
    client = donor / CLIENT
    client.mkdir(parents=True)
    (client / "index.html").write_text("<html>")
    (client / "app.js").write_text('connect("ws://localhost:3201/_event"); port=32010')
    (client / "app.js.gz").write_bytes(b"old sidecar")
    (client / "vendor.js").write_text("no address")
    (client / "vendor.js.gz").write_bytes(b"kept")
    (donor / BACKEND).mkdir()
    (donor / BACKEND / "stateful_pages.json").write_text(json.dumps([]))
    (donor / STAMP).write_text("sources-1")

    retarget(donor, web_dir, 3202)

    moved = web_dir / CLIENT
    assert (moved / "app.js").read_text() == 'connect("ws://localhost:3202/_event"); port=32010'
    assert not (moved / "app.js.gz").exists()  # it would carry the old port
    assert (moved / "vendor.js.gz").read_bytes() == b"kept"
    assert json.loads((web_dir / BACKEND / "stateful_pages.json").read_text()) == []
    assert (web_dir / STAMP).read_text() == "sources-1"
