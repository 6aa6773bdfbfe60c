// Crash's curve, drawn in the browser from the round's start and the server's time (the
// server decides every cash-out; this only shows the shared curve smoothly and, after a
// reconnect, where it is now). The element [data-crash-board] carries data-phase,
// data-start (epoch ms), data-server (the server's epoch ms when the page was last updated)
// and data-crash (the crash point once crashed). The curve: e^(GROWTH x ms), as on the server.
(function () {
  if (window.appCrash) return;
  window.appCrash = true;
  var GROWTH = 0.00006;
  var offset = 0;
  var lastServer = null;
  var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

  var formats = {};

  // The multiplier in the page's language (2,35x on a Portuguese page), as the server
  // writes every other figure.
  function shown(board, value) {
    var holder = board.closest("[lang]");
    var lang = (holder && holder.getAttribute("lang")) || "en";
    if (!formats[lang]) {
      formats[lang] = new Intl.NumberFormat(lang, {
        minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false,
      });
    }
    return formats[lang].format(value) + "x";
  }

  function multiplierAt(ms) {
    if (ms <= 0) return 1;
    return Math.floor(100 * Math.exp(GROWTH * ms) + 1e-9) / 100;
  }

  function draw(board) {
    var canvas = board.querySelector("canvas");
    var label = board.querySelector("[data-crash-multiplier]");
    if (!canvas || !label) return;
    var phase = board.getAttribute("data-phase");
    var start = Number(board.getAttribute("data-start") || 0);
    var server = board.getAttribute("data-server");
    if (server && server !== lastServer) {
      lastServer = server;
      offset = Number(server) - Date.now();
    }
    var now = Date.now() + offset;
    var crash = board.getAttribute("data-crash");
    var ms = phase === "crashed" && crash ? Math.log(Number(crash)) / GROWTH : now - start;
    var value = phase === "crashed" && crash ? Number(crash) : multiplierAt(ms);
    if (phase === "betting") {
      var left = Math.max(0, Math.ceil((start - now) / 1000));
      label.textContent = board.getAttribute("data-betting-text").replace("{seconds}", left);
      value = 1;
      ms = 0;
    } else if (phase === "running" || phase === "crashed") {
      label.textContent = shown(board, value);
    }
    var rect = canvas.getBoundingClientRect();
    var ratio = window.devicePixelRatio || 1;
    var width = Math.max(1, Math.round(rect.width * ratio));
    var height = Math.max(1, Math.round(rect.height * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    var ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, width, height);
    if (phase !== "running" && phase !== "crashed") return;
    var span = Math.max(10000, ms * 1.15);
    var top = Math.max(2, multiplierAt(span));
    ctx.lineWidth = 3 * ratio;
    ctx.strokeStyle = phase === "crashed" ? "#ef4444" : "#10b981";
    ctx.beginPath();
    var steps = 60;
    for (var i = 0; i <= steps; i++) {
      var t = (ms * i) / steps;
      var x = (t / span) * width;
      var y = height - ((multiplierAt(t) - 1) / (top - 1)) * (height - 6 * ratio) - 3 * ratio;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }

  // A frame per screen refresh only while a board is on the page (the script stays loaded
  // after the player leaves Crash: elsewhere it looks for a board twice a second); with
  // reduced motion the number and the curve move 4 times a second, no animation.
  function frame() {
    var boards = document.querySelectorAll("[data-crash-board]");
    boards.forEach(draw);
    if (boards.length && !(reduce && reduce.matches)) window.requestAnimationFrame(frame);
    else window.setTimeout(frame, boards.length ? 250 : 500);
  }
  window.requestAnimationFrame(frame);
})();
