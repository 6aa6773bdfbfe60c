// A date typed in the reader's format (components/forms.py, date_input; issue 34). A browser
// shows <input type=date> in its own locale whatever the page's language (month first on an
// English browser reading Portuguese), so the visible field is text in the page's pattern
// (its placeholder: dd/mm/aaaa, mm/dd/yyyy, with " hh:mm" for a moment) and the browser's
// own field beside it, invisible over the calendar icon, opens its picker and carries the
// ISO value the form sends. Each side follows the other.
(() => {
  const FIELD = "[data-date-field]";
  const parts = (field) => ({
    text: field.querySelector("input[data-date-text]"),
    native: field.querySelector("input[type=date],input[type=datetime-local]"),
  });
  // The pattern's first three groups in order: d, m, y ("aaaa" is the year in Portuguese).
  const order = (text) =>
    (text.placeholder.match(/[a-z]+/gi) || [])
      .slice(0, 3)
      .map((group) => ({ d: "d", m: "m" })[group[0].toLowerCase()] || "y");
  const WIDTH = { d: 2, m: 2, y: 4 };
  const pad = (number, width) => String(number).padStart(width, "0");

  // Digits shaped as the pattern: separators only between groups already begun.
  const shape = (digits, groups, time) => {
    let out = "";
    let rest = digits;
    groups.forEach((group, index) => {
      if (!rest) return;
      if (index) out += "/";
      out += rest.slice(0, WIDTH[group]);
      rest = rest.slice(WIDTH[group]);
    });
    if (time && rest) out += " " + rest.slice(0, 2) + (rest.length > 2 ? ":" + rest.slice(2, 4) : "");
    return out;
  };

  // The ISO value of a complete, real date (and time), else null.
  const iso = (digits, groups, time) => {
    if (digits.length !== (time ? 12 : 8)) return null;
    const value = {};
    let at = 0;
    groups.forEach((group) => {
      value[group] = Number(digits.slice(at, at + WIDTH[group]));
      at += WIDTH[group];
    });
    const day = new Date(Date.UTC(value.y, value.m - 1, value.d));
    const real =
      value.y >= 1900 &&
      day.getUTCFullYear() === value.y &&
      day.getUTCMonth() === value.m - 1 &&
      day.getUTCDate() === value.d;
    if (!real) return null;
    const date = `${pad(value.y, 4)}-${pad(value.m, 2)}-${pad(value.d, 2)}`;
    if (!time) return date;
    const hour = Number(digits.slice(8, 10));
    const minute = Number(digits.slice(10, 12));
    return hour < 24 && minute < 60 ? `${date}T${pad(hour, 2)}:${pad(minute, 2)}` : null;
  };

  // An ISO value (the browser's field) in the pattern.
  const shown = (value, groups, time) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
    if (!match) return "";
    const [, y, m, d, hour, minute] = match;
    const digits = groups.map((group) => ({ d, m, y })[group]).join("") + (time ? hour + minute : "");
    return shape(digits, groups, time);
  };

  const typed = (field) => {
    const { text, native } = parts(field);
    const groups = order(text);
    const time = native.type === "datetime-local";
    // A pasted ISO date is taken as it is.
    const pasted = /^\d{4}-\d{2}-\d{2}/.test(text.value) ? shown(text.value, groups, time) : null;
    const digits = (pasted ?? text.value).replace(/\D/g, "").slice(0, time ? 12 : 8);
    text.value = shape(digits, groups, time);
    const value = iso(digits, groups, time);
    native.value = value || "";
    const wrong = digits.length > 0 && !value;
    const words = (field.getAttribute("data-invalid") || "").replace("{pattern}", text.placeholder);
    text.setCustomValidity(wrong ? words : "");
  };

  const picked = (field) => {
    const { text, native } = parts(field);
    text.value = shown(native.value, order(text), native.type === "datetime-local");
    text.setCustomValidity("");
  };

  document.addEventListener("input", (event) => {
    const field = event.target instanceof HTMLInputElement && event.target.closest(FIELD);
    if (!field) return;
    if (event.target.hasAttribute("data-date-text")) typed(field);
    else picked(field);
  });
  document.addEventListener("change", (event) => {
    const field = event.target instanceof HTMLInputElement && event.target.closest(FIELD);
    if (field && !event.target.hasAttribute("data-date-text")) picked(field);
  });
  document.addEventListener("click", (event) => {
    const field = event.target instanceof HTMLInputElement && event.target.closest(FIELD);
    if (!field || event.target.hasAttribute("data-date-text")) return;
    try {
      event.target.showPicker();
    } catch {
      // An older browser: its own click behaviour opens the picker or edits in place.
    }
  });

  // Fields the page fills (an edit form's stored dates), form resets and language switches:
  // the text follows the browser's field whenever they disagree.
  let queued = false;
  const scan = () => {
    queued = false;
    document.querySelectorAll(FIELD).forEach((field) => {
      const { text, native } = parts(field);
      if (!text || !native) return;
      const groups = order(text);
      const time = native.type === "datetime-local";
      const digits = text.value.replace(/\D/g, "");
      const value = iso(digits, groups, time);
      if (native.value && value !== native.value) picked(field);
      else if (!native.value && value) text.value = "";
    });
  };
  const queue = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(scan);
    }
  };
  document.addEventListener("reset", queue, true);
  const start = () =>
    new MutationObserver(queue).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["value", "placeholder"],
    });
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
