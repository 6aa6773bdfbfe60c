"""The identity capability's pieces of other pages (the verification page is pages/identity)."""
