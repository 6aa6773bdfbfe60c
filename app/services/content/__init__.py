"""Content: announcements and notices (announcements), the brand's banners (banners), its
published texts (legal) and the app download's files (app_download)."""

# The modules other capabilities and the adapters may import (tests/platform/test_architecture.py).
PUBLIC_MODULES = ("announcements", "app_download", "banners", "legal")
