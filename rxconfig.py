"""Reflex configuration; values that differ per deployment come from the environment."""

import os

import reflex as rx

config = rx.Config(
    app_name="app",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    redis_url=os.environ.get("REDIS_URL") or None,
    frontend_port=int(os.environ.get("PORT", "3000")),
    backend_port=int(os.environ.get("PORT", "3000")),
    api_url=os.environ.get("API_URL", f"http://localhost:{os.environ.get('PORT', '3000')}"),
    plugins=[rx.plugins.TailwindV4Plugin(config={"darkMode": "class"})],
    disable_plugins=[rx.plugins.SitemapPlugin],
)
