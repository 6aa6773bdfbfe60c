// The verify page's check in the player's own browser: from the revealed seed, the beacon, the
// game and the issue on the element `[data-verify-recipe]`, it redoes with crypto.subtle what
// app/services/lottery/rng.py describes (SHA-256 of the seed against the published hash; the
// HMAC-SHA256 word stream, rejection sampling) and draws by the family's recipe
// (app/services/lottery/families.py: digits, sample or ranged), then sets the element's
// `data-state` to checking, ok, bad_hash, bad_numbers or unavailable (no crypto.subtle: a page
// not served over https). The page shows the line of that state.
(() => {
  if (window.appLotteryVerify) return;
  const WORD_RANGE = 2 ** 32;
  const WORDS_PER_BLOCK = 8;
  const encode = (text) => new TextEncoder().encode(text);
  const hex = (buffer) =>
    Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

  // below(n) of the word stream: block(c) = HMAC-SHA256(seed, `${key}:${beacon}:${c}`),
  // each block 8 big-endian 32-bit words; a word w is used only if w < 2**32 - 2**32 % n.
  async function wordStream(seed, key, beacon) {
    const hmacKey = await crypto.subtle.importKey(
      "raw",
      encode(seed),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    let counter = 0;
    let block = null;
    let index = WORDS_PER_BLOCK;
    return async function below(n) {
      const limit = WORD_RANGE - (WORD_RANGE % n);
      for (;;) {
        if (index === WORDS_PER_BLOCK) {
          block = new DataView(
            await crypto.subtle.sign("HMAC", hmacKey, encode(`${key}:${beacon}:${counter}`)),
          );
          counter += 1;
          index = 0;
        }
        const word = block.getUint32(4 * index); // big-endian
        index += 1;
        if (word < limit) return word % n;
      }
    };
  }

  async function draw(recipe, below) {
    const drawn = [];
    if (recipe.kind === "digits") {
      for (let i = 0; i < recipe.count; i += 1) drawn.push((await below(recipe.base)) + recipe.add);
    } else if (recipe.kind === "sample") {
      // A partial Fisher-Yates shuffle from the front, only moved positions kept.
      const moved = new Map();
      const at = (position) => (moved.has(position) ? moved.get(position) : position);
      for (let i = 0; i < recipe.count; i += 1) {
        const j = i + (await below(recipe.population - i));
        drawn.push(at(j) + recipe.start);
        moved.set(j, at(i));
      }
    } else if (recipe.kind === "ranged") {
      for (const size of recipe.sizes) drawn.push(await below(size));
    } else {
      throw new Error(`unknown recipe ${recipe.kind}`);
    }
    return drawn;
  }

  async function outcome(data) {
    if (!window.crypto || !crypto.subtle) return "unavailable";
    const hash = hex(await crypto.subtle.digest("SHA-256", encode(data.verifySeed)));
    if (hash !== data.verifyHash) return "bad_hash";
    const below = await wordStream(
      data.verifySeed,
      `${data.verifyGame}:${data.verifyIssue}`,
      data.verifyBeacon,
    );
    const drawn = await draw(JSON.parse(data.verifyRecipe), below);
    return drawn.join(",") === data.verifyStored ? "ok" : "bad_numbers";
  }

  // The inputs the element shows now; the check runs again whenever they change.
  const INPUTS = ["seed", "hash", "beacon", "game", "issue", "recipe", "stored"];
  const inputs = (el) => INPUTS.map((name) => el.getAttribute(`data-verify-${name}`)).join("|");
  const watched = new WeakSet();

  async function check(el) {
    const key = inputs(el);
    if (el.dataset.checked === key) return;
    el.dataset.checked = key;
    el.dataset.state = "checking";
    let state;
    try {
      state = await outcome({ ...el.dataset });
    } catch {
      state = "unavailable";
    }
    if (el.dataset.checked === key) el.dataset.state = state;
  }

  function scan(tries = 20) {
    const found = document.querySelectorAll("[data-verify-recipe]");
    found.forEach((el) => {
      if (!el.dataset.verifyRecipe) return;
      check(el);
      if (watched.has(el)) return;
      watched.add(el);
      new MutationObserver(() => check(el)).observe(el, {
        attributeFilter: INPUTS.map((name) => `data-verify-${name}`),
      });
    });
    // The page's event may run before React has drawn the element: look again shortly.
    if (!found.length && tries > 0) setTimeout(() => scan(tries - 1), 100);
  }

  window.appLotteryVerify = { scan };
  scan();
})();
