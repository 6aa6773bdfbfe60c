// A date field in the reader's words (issue 34). A browser shows <input type=date> and
// <input type=datetime-local> in its own locale whatever the page's language (month first on
// an English browser reading Portuguese), so the words after the field ([data-date-words],
// its next sibling) say the chosen date in the page's language: nobody picks a date blind.
(() => {
  const FIELDS = "input[type=date],input[type=datetime-local]";
  const say = (input) => {
    const words = input.nextElementSibling;
    if (!words || !words.hasAttribute("data-date-words")) return;
    const time = input.type === "datetime-local";
    // A date alone at noon: no time zone moves it to another day.
    const date = input.value ? new Date(time ? input.value : input.value + "T12:00") : null;
    if (!date || Number.isNaN(date.getTime())) {
      words.textContent = "";
      return;
    }
    const lang = (input.closest("[lang]") || document.documentElement).lang || undefined;
    const style = time ? { dateStyle: "full", timeStyle: "short" } : { dateStyle: "full" };
    words.textContent = new Intl.DateTimeFormat(lang, style).format(date);
  };
  const follow = (event) => {
    if (event.target instanceof HTMLInputElement && event.target.matches(FIELDS)) {
      say(event.target);
    }
  };
  document.addEventListener("input", follow);
  document.addEventListener("change", follow);
  // Fields filled by the page (an edit form's stored dates) and language switches.
  let queued = false;
  const scan = () => {
    queued = false;
    document.querySelectorAll(FIELDS).forEach(say);
  };
  const start = () =>
    new MutationObserver(() => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(scan);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true,
      attributeFilter: ["lang", "value"] });
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
