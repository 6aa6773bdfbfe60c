// Crash's shared round in the browser. The live socket (app/crash_live.py) sends the brand's
// board each time it changes, every text already in the page's language: this script writes
// it into the elements marked [data-crash-live] (the round, its phase, the feed, the last
// crash points, the round's hash) and onto [data-crash-board] as data-phase, data-round,
// data-start (epoch ms) and data-crash (the crash point once crashed), then draws the curve
// from them: e^(GROWTH x ms), as on the server. The server decides every cash-out; this only shows the shared curve
// smoothly and, after a reconnect, where it is now. A playing page bets and cashes out on the
// same socket (appCrashBet and appCrashCash, the buttons' scripts): it sends the ticket its
// load gave it (window.appCrashTicket), then each bet (with the stake and target its fields
// hold) or cash-out, shows the socket's answer at once over the curve
// ([data-crash-live="answer"]) and on the bet's panel (riding or not: its button), and tells
// the page's state it was answered (or only asked: no
// answer in time; or refused with a remedy the page shows), which then shows the bets as
// stored.
(function () {
  if (window.appCrash) return;
  window.appCrash = true;
  var GROWTH = 0.00006;
  var LIVE_PATH = "/_crash/live";
  var offset = 0;
  var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  var socket = null;
  var socketLang = null;
  var retryAt = 0;
  var retries = 0;
  var message = null;
  var seq = 0;
  var ANSWER_MS = 10000;
  var sentTicket = null; // the ticket this socket was given ("" none)
  var bound = false; // the socket took it: cash-outs go there
  var asked = 0;
  var waiting = {}; // cash-outs sent, by id: their answer's resolver
  var cashedIn = {}; // by slot: the round whose bet the socket said was cashed out

  // The page's ticket to the socket, once per socket and ticket (a new load gives another).
  function bind() {
    var ticket = window.appCrashTicket || "";
    if (!socket || socket.readyState !== 1 || ticket === sentTicket) return;
    sentTicket = ticket;
    bound = false;
    if (ticket) socket.send(JSON.stringify({ ticket: ticket }));
  }

  function answerAll() {
    Object.keys(waiting).forEach(function (id) {
      waiting[id]();
    });
  }

  // The socket's answer to a bet or cash-out, in the page's language, until the next round.
  var answeredRound = null;
  function showAnswer(text, ok) {
    var shown = live("answer");
    if (!shown) return;
    shown.textContent = text;
    shown.setAttribute("data-ok", ok ? "true" : "false");
  }

  // One bet or cash-out on the socket: resolves "slot:answered" once it answered (the answer
  // shown), "slot:page" when it refused with a remedy the page shows itself (its own event
  // then asks again), "slot:asked" when it did not answer within ANSWER_MS; "slot:" at once
  // when there is no bound socket (the page's state then does it itself).
  function ask(slot, body, answered) {
    if (!socket || socket.readyState !== 1 || !bound) return slot + ":";
    var round = message ? message.round : null;
    asked += 1;
    var id = asked;
    body.id = id;
    socket.send(JSON.stringify(body));
    return new Promise(function (resolve) {
      var timer = window.setTimeout(function () {
        if (waiting[id]) waiting[id]();
      }, ANSWER_MS);
      waiting[id] = function (answer) {
        window.clearTimeout(timer);
        delete waiting[id];
        if (!answer) return resolve(slot + ":asked");
        if (answer.page === true) return resolve(slot + ":page");
        showAnswer(String(answer.text || ""), answer.ok === true);
        answeredRound = round;
        if (answered && answer.ok === true) answered(round);
        resolve(slot + ":answered");
      };
    });
  }

  function field(name, slot) {
    var input = document.getElementById("crash-" + name + "-" + slot);
    return input ? input.value : "";
  }

  // The bets the socket took, by slot: the round each rides in. Its panel shows it riding
  // (data-riding, which the page's state sets as well) from the socket's answer, before the
  // page's state follows, until it is cashed out or its round crashes.
  var riding = {};
  function showRiding(slot, round) {
    var panel = document.querySelector('[data-crash-slot="' + slot + '"]');
    if (panel) panel.setAttribute("data-riding", round === null ? "false" : "true");
    if (round === null) delete riding[slot];
    else riding[slot] = round;
  }

  // Bets asked for while a round flies or has crashed, by slot: placed by the bet's own
  // button the moment the next round takes bets (as the "next round" bet players know from
  // other Crash games), unless cancelled first. Its panel shows it (data-queued).
  var queued = {};
  function showQueued(slot, on) {
    var panel = document.querySelector('[data-crash-slot="' + slot + '"]');
    if (panel) panel.setAttribute("data-queued", on ? "true" : "false");
    if (on) queued[slot] = true;
    else delete queued[slot];
  }

  function placeQueued(phase) {
    if (phase !== "betting") return;
    Object.keys(queued).forEach(function (slot) {
      showQueued(slot, false);
      var button = document.querySelector(
        '[data-crash-slot="' + slot + '"] [data-crash-action="bet"]',
      );
      if (button) window.setTimeout(function () { button.click(); }, 0);
    });
  }

  window.appCrashUnqueue = function (slot) {
    showQueued(slot, false);
    showAnswer("", true);
  };

  // Bet `slot` placed with the stake and target its fields show; between rounds, kept for
  // the next one.
  window.appCrashBet = function (slot) {
    if (bound && message && message.phase && message.phase !== "betting") {
      showQueued(slot, true);
      var board = document.querySelector("[data-crash-board]");
      var text = board ? board.getAttribute("data-queued-text") || "" : "";
      showAnswer(text.replace("{slot}", slot), true);
      answeredRound = message.round;
      return slot + ":answered";
    }
    var body = { bet: slot, stake: field("stake", slot), auto: field("auto", slot) };
    return ask(slot, body, function (answered) {
      showRiding(slot, answered);
    });
  };

  // Bet `slot` cashed out.
  window.appCrashCash = function (slot) {
    var round = message ? message.round : null;
    // Cashed out already in this round: the page shows it a moment later; a second press
    // (or hotkey) meanwhile asks nothing (the socket would only say nothing rides).
    if (round !== null && cashedIn[slot] === round) return slot + ":answered";
    return ask(slot, { cash: slot }, function (answered) {
      cashedIn[slot] = answered;
      showRiding(slot, null);
    });
  };

  function pageLang(board) {
    var holder = board.closest("[lang]");
    return (holder && holder.getAttribute("lang")) || "en";
  }

  function live(part) {
    return document.querySelector('[data-crash-live="' + part + '"]');
  }

  function shape(name) {
    var shapes = live("shapes");
    var found = shapes && shapes.querySelector('[data-shape="' + name + '"]');
    return found ? found.cloneNode(true) : null;
  }

  function setText(part, text) {
    var element = live(part);
    if (element && element.textContent !== text) element.textContent = text || "";
  }

  function fill(list, items, make) {
    if (!list) return;
    var made = [];
    items.forEach(function (item) {
      var element = make(item);
      if (element) made.push(element);
    });
    list.replaceChildren.apply(list, made);
  }

  // The message onto the page (again whenever React made the elements anew).
  function apply(board) {
    var m = message;
    board.setAttribute("data-phase", m.phase || "");
    board.setAttribute("data-round", m.round || "");
    if (answeredRound !== null && m.round !== answeredRound) {
      showAnswer("", true);
      answeredRound = null;
    }
    Object.keys(riding).forEach(function (slot) {
      if (m.round !== riding[slot] || m.phase === "crashed") showRiding(slot, null);
    });
    placeQueued(m.phase);
    board.setAttribute("data-start", String(m.start || 0));
    board.setAttribute("data-crash", m.crash || "");
    setText("label", m.label);
    setText("status", m.status);
    var status = live("status");
    if (status) status.setAttribute("data-phase", m.phase || "");
    setText("seed", m.seed);
    setText("note", m.note);
    var note = live("note");
    if (note) note.removeAttribute("data-waiting");
    fill(live("feed"), m.feed || [], function (row) {
      var line = shape("feed");
      if (!line) return null;
      line.removeAttribute("data-shape");
      line.querySelector('[data-field="name"]').textContent = row.name;
      line.querySelector('[data-field="stake"]').textContent = row.stake;
      var outcome = line.querySelector('[data-field="outcome"]');
      outcome.textContent = row.outcome;
      outcome.setAttribute("data-kind", row.cashed ? "cashed" : row.lost ? "lost" : "");
      return line;
    });
    fill(live("past"), m.past || [], function (row) {
      var chip = shape("past");
      if (!chip) return null;
      chip.removeAttribute("data-shape");
      chip.textContent = row.multiplier;
      chip.setAttribute("href", "/play/verify?round=" + encodeURIComponent(row.round_id));
      chip.setAttribute("data-high", row.high ? "true" : "false");
      return chip;
    });
    board.setAttribute("data-seq", String(seq));
  }

  // One socket while a board is on the page, in its language; closed when the player leaves
  // Crash; opened again after a drop, waiting longer each time (up to 10 s).
  function follow(board) {
    var lang = board ? pageLang(board) : null;
    if (socket && (!board || lang !== socketLang)) {
      socket.onclose = null;
      socket.close();
      socket = null;
      bound = false;
      answerAll();
    }
    if (!board || socket || Date.now() < retryAt) return;
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socketLang = lang;
    socket = new WebSocket(
      scheme + window.location.host + LIVE_PATH + "?lang=" + encodeURIComponent(lang)
    );
    sentTicket = null;
    bound = false;
    socket.onopen = bind;
    socket.onmessage = function (event) {
      retries = 0;
      var data = JSON.parse(event.data);
      if ("bound" in data) {
        bound = data.bound === true;
        return;
      }
      if ("answer" in data) {
        if (waiting[data.answer]) waiting[data.answer](data);
        return;
      }
      message = data;
      offset = message.server - Date.now();
      seq += 1;
    };
    socket.onclose = function () {
      socket = null;
      bound = false;
      answerAll();
      retries += 1;
      retryAt = Date.now() + Math.min(10000, 500 * Math.pow(2, retries));
    };
  }

  var formats = {};

  // The multiplier in the page's language (2,35x on a Portuguese page), as the server
  // writes every other figure.
  function shown(board, value) {
    var lang = pageLang(board);
    if (!formats[lang]) {
      formats[lang] = new Intl.NumberFormat(lang, {
        minimumFractionDigits: 2, maximumFractionDigits: 2,
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
    } else {
      label.textContent = "";
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
    follow(boards[0] || null);
    bind();
    boards.forEach(function (board) {
      if (message && board.getAttribute("data-seq") !== String(seq)) apply(board);
      board.setAttribute("data-cash", bound ? "live" : "page"); // where a cash-out goes
      draw(board);
    });
    if (boards.length && !(reduce && reduce.matches)) window.requestAnimationFrame(frame);
    else window.setTimeout(frame, boards.length ? 250 : 500);
  }
  window.requestAnimationFrame(frame);
})();
