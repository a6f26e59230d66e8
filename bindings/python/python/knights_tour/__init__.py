# The package around the extension module, as maturin writes it for a
# module alone: kept in the repository so that the stub (__init__.pyi) and
# py.typed sit in the package itself, where a wheel built from the sdist
# finds them too (maturin looks for a lone module's stub beside
# pyproject.toml, which the sdist moves to its root, away from the stub).
from .knights_tour import *  # noqa: F403

__doc__ = knights_tour.__doc__  # noqa: F405
if hasattr(knights_tour, "__all__"):  # noqa: F405
    __all__ = knights_tour.__all__  # noqa: F405
