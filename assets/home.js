// Home page motion, all in the browser so nothing ticks through the server (spec 9):
// the banner carousel, the winners swiper and the hot games
// row buttons. Elements are found by data attributes whenever React adds them.
(() => {
  if (window.appHome) return;
  const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const SWIPE_PX = 40;
  const paused = (el) => el.matches(":hover") || el.contains(document.activeElement);

  // Banner carousel: autoplay after `data-delay` ms, slide in `data-speed` ms, only with
  // more than one slide; hovering or focusing it pauses.
  function carousel(root) {
    const track = root.querySelector("[data-carousel-track]");
    const slides = () => track.querySelectorAll("[data-carousel-slide]");
    const delay = Number(root.dataset.delay || 5000);
    const speed = Number(root.dataset.speed || 1000);
    let index = 0;
    let known = 0;
    let due = Date.now() + delay;
    function show(next) {
      const count = slides().length;
      if (!count) return;
      index = ((next % count) + count) % count;
      track.style.transition = reduced() ? "none" : `transform ${speed}ms ease`;
      track.style.transform = `translateX(-${index * 100}%)`;
      root.dataset.index = String(index);
      slides().forEach((slide, i) => {
        slide.toggleAttribute("inert", i !== index);
        slide.setAttribute("aria-hidden", String(i !== index));
      });
      root.querySelectorAll("[data-carousel-dot]").forEach((dot) => {
        dot.setAttribute("aria-current", String(Number(dot.dataset.carouselDot) === index));
      });
      due = Date.now() + delay;
    }
    root.addEventListener("click", (event) => {
      const control = event.target.closest("[data-carousel-prev],[data-carousel-next],[data-carousel-dot]");
      if (!control) return;
      if (control.hasAttribute("data-carousel-prev")) show(index - 1);
      else if (control.hasAttribute("data-carousel-next")) show(index + 1);
      else show(Number(control.dataset.carouselDot));
    });
    // A phone turns it by a swipe: mostly sideways and longer than SWIPE_PX.
    let touched = null;
    root.addEventListener("touchstart", (event) => {
      touched = event.touches.length === 1 ? event.touches[0] : null;
    }, { passive: true });
    root.addEventListener("touchend", (event) => {
      const start = touched;
      touched = null;
      const end = event.changedTouches[0];
      if (!start || !end) return;
      const across = end.clientX - start.clientX;
      if (Math.abs(across) > SWIPE_PX && Math.abs(across) > Math.abs(end.clientY - start.clientY)) {
        show(index + (across < 0 ? 1 : -1));
      }
    }, { passive: true });
    setInterval(() => {
      if (!root.isConnected) return;
      if (slides().length !== known) {
        known = slides().length; // the slides arrived (or changed) after the frame
        show(index);
      }
      if (slides().length > 1 && !reduced() && !paused(root) && Date.now() >= due) show(index + 1);
      else if (paused(root)) due = Date.now() + delay;
    }, 250);
    root.appHomeShow = show;
    show(0);
  }

  // A swiper that moves on by itself (the winners): one item every `data-speed` ms.
  function autoscroll(el) {
    const speed = Number(el.dataset.speed || 3000);
    setInterval(() => {
      if (!el.isConnected || reduced() || paused(el) || !el.firstElementChild) return;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
      if (atEnd) el.scrollTo({ left: 0, behavior: "smooth" });
      else el.scrollBy({ left: step(el, 1), behavior: "smooth" });
    }, speed);
  }
  function step(el, count) {
    const item = el.firstElementChild;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    return count * (item.getBoundingClientRect().width + gap);
  }

  // Row buttons: move the row named by data-row-target by data-row-step items.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-row-target]");
    if (!button) return;
    const row = document.getElementById(button.dataset.rowTarget);
    if (!row || !row.firstElementChild) return;
    const count = Number(button.dataset.rowStep || 1);
    row.scrollBy({ left: step(row, count), behavior: reduced() ? "auto" : "smooth" });
  });

  const kinds = [
    ["[data-carousel]", carousel],
    ["[data-autoscroll]", autoscroll],
  ];
  function scan() {
    for (const [selector, start] of kinds) {
      document.querySelectorAll(selector).forEach((el) => {
        if (el.appHomeStarted) return;
        el.appHomeStarted = true;
        start(el);
      });
    }
  }
  window.appHome = { scan };
  new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
  scan();
})();
