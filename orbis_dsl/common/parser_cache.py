"""Where Lark may keep the parse tables of a grammar between runs: only in the user's private cache folder.

Lark's own `cache` (True) unpickles a file of the shared temporary folder whose name anyone can predict, so
another local user could have code run as whoever parses next; it is never used. Building the rules grammar's
tables takes 0.2 s on an idle machine and several times that on a busy one, so they are kept in a file of the
user's cache folder ($XDG_CACHE_HOME/orbis-dsl/lark) instead, under the pack cache's rules (`language/packs/cache.py`):
the folder is the user's and nobody else may write it, and the file is used only when it is a regular file of
the user's that nobody else may write. Otherwise the tables are built in the process (cache=False).
"""

from __future__ import annotations

import os
import stat
import sys


def trusted_cache_file(name: str) -> str | bool:
    """A path for Lark's `cache=` option for the grammar `name`, or False when no place can be trusted."""
    import lark

    from orbis_dsl.common.private_folders import (
        LARK_FOLDER,
        UntrustedCache,
        not_private,
        private_folder,
        user_cache_root,
    )

    try:  # the user's cache, whatever $ORBIS_CACHE_DIR says: the tables depend only on the grammar and Lark
        folder = private_folder(private_folder(user_cache_root(), follow=True) / LARK_FOLDER)
    except (UntrustedCache, RuntimeError):  # RuntimeError: no home folder to be found
        return False
    # Lark checks the grammar's hash itself (first line of the file); the versions keep pickles apart.
    path = folder / f"{name}-lark{lark.__version__}-py{sys.version_info[0]}.{sys.version_info[1]}.tables"
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return str(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode) or not_private(str(path), info):
        return False
    return str(path)


def keep_private(cache: str | bool) -> None:
    """Lark writes its file with the umask's mode: make it 0600, as `trusted_cache_file` will expect."""
    if isinstance(cache, str):
        try:
            if stat.S_IMODE(os.lstat(cache).st_mode) & 0o077:
                os.chmod(cache, 0o600)
        except OSError:
            pass
