"""The garbage collector and a server process's long-lived heap.

An app process holds a large heap that lives as long as it does: the app, its pages, the
catalogues and lookup tables, SQLAlchemy's and Reflex's own. A full collection walks all of it:
on this stack about 115 ms with the event loop stopped, a few times a second under load (every
request waiting then, a status call's p99 at 100 ms). Frozen once the process has started
(`gc.freeze`, as Python's documentation advises for servers), those objects are left out of
every later collection, which then walks only what came after (a fraction of a millisecond).
"""

from __future__ import annotations

import gc


def freeze_startup_heap() -> None:
    """Collect what start-up left behind, then freeze everything still alive: call it once
    the process has loaded what it keeps."""
    gc.collect()
    gc.freeze()
