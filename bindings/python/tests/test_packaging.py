"""The wheel built from the sdist, as a user installs it: it holds the
stub, py.typed, the pure-Python modules and the license texts, carries a
manylinux (PEP 600) tag, and installs and imports in a clean virtual
environment.

CI builds the sdist, then the wheel from it, and names the wheel in
KT_SDIST_WHEEL (building both takes minutes, more than a test should);
without it the test is skipped.
"""

import os
import subprocess
import sys
import venv
import zipfile

import pytest

WHEEL = os.environ.get("KT_SDIST_WHEEL")
pytestmark = pytest.mark.skipif(not WHEEL, reason="KT_SDIST_WHEEL names no wheel built from the sdist")


def test_the_wheel_holds_the_stub_py_typed_and_the_licenses():
    names = zipfile.ZipFile(WHEEL).namelist()
    for path in [
        "knights_tour/__init__.py",
        "knights_tour/__init__.pyi",
        "knights_tour/py.typed",
        "knights_tour/_table.py",
        "knights_tour/_graph.py",
        "knights_tour/_types.py",
    ]:
        assert path in names, path
    assert any(n.startswith("knights_tour/knights_tour.") and n.endswith(".so") for n in names)
    licenses = {os.path.basename(n) for n in names if "/licenses/" in n}
    assert {"LICENSE-MIT", "LICENSE-APACHE"} <= licenses
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(WHEEL).read(metadata).decode()
    assert "License-Expression: MIT OR Apache-2.0" in text
    assert "License-File: LICENSE-MIT" in text and "License-File: LICENSE-APACHE" in text


def test_the_wheel_is_tagged_manylinux():
    tag = os.path.basename(WHEEL)[: -len(".whl")].split("-")[-1]
    assert any(part.startswith("manylinux_") for part in tag.split(".")), tag
    assert "linux_x86_64" not in tag.split(".")


def test_the_wheel_installs_and_counts_in_a_clean_venv(tmp_path):
    venv.create(tmp_path / "venv", with_pip=True)
    python = str(tmp_path / "venv" / "bin" / "python")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", WHEEL],
        check=True,
    )
    script = (
        "import knights_tour as kt, os; "
        "assert kt.count(5) == 1728; "
        "assert len(kt.Tours('3x4')) == 16; "
        "assert kt.Report and kt.Table; "
        "d = os.path.dirname(kt.__file__); "
        "assert os.path.exists(os.path.join(d, '__init__.pyi')); "
        "assert os.path.exists(os.path.join(d, 'py.typed')); "
        "print('ok')"
    )
    # Run away from the source tree, so the installed package is the one imported.
    done = subprocess.run([python, "-c", script], check=True, capture_output=True, text=True,
                          cwd=str(tmp_path))
    assert done.stdout.strip() == "ok"
    assert sys.version_info >= (3, 9)
