// A new id for every document this tab loads (a reload, a link opened), never for a socket
// reconnect of the same document: the server tells the two apart by it (state/dialog.py), so
// a network blip keeps the dialogs open while a reload closes them.
try {
  sessionStorage.setItem(
    "pageLoad",
    Date.now().toString(36) + Math.random().toString(36).slice(2),
  );
} catch (error) {
  // No session storage (a locked-down browser): every page load closes the dialogs.
}
