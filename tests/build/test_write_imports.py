"""The one writer imports what a write uses: the verifier (and pypdf under it) and process
pools only when a write needs them, so a write that does not verify (the chart tiler's) pays
for neither."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from pathlib import Path
from pnpkit.build.context import BuildContext
from pnpkit.build.write import write_document
from pnpkit.layout.paper import LETTER
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.tiled_pdf import tiled_document
from pnpkit.layout.tiling import tile

chart = SampleGrid(4, 4, 90.0, title="Chart")
plan = tiled_document(tile(chart, LETTER, title="Chart"), "chart.pdf")
write_document(Path(sys.argv[1]), plan, BuildContext(verify=sys.argv[2] == "verify"))
print(",".join(sorted(sys.modules)))
"""
LATER = {"pypdf", "pnpkit.verify.check", "pnpkit.verify.content", "multiprocessing"}
"""What a write that does not verify never imports."""


def _modules(tmp_path: Path, verify: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / f"{verify}.pdf"), verify],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.splitlines()[-1].split(","))


def test_a_write_that_does_not_verify_imports_no_verifier(tmp_path: Path) -> None:
    assert not LATER & _modules(tmp_path, "no")
    assert (tmp_path / "no.pdf").read_bytes().startswith(b"%PDF-")


def test_a_write_that_verifies_imports_the_verifier(tmp_path: Path) -> None:
    assert {"pypdf", "pnpkit.verify.check"} <= _modules(tmp_path, "verify")
