"""The accounts capability's API routers (its /wps, /lgw, /vendor or /studio calls)."""
