// Verify a roll in the reader's browser, trusting nothing but the records embedded in the page.
//
// Written from the public contract, not from the service's code:
//   docs/audit-format.md  hash(record) = sha256(bytes(prev_hash) || canonical JSON of the eight hashed fields)
//   docs/fairness.md      commitment = sha256(seed); entropy digest chain (algorithm 2);
//                         die k = HMAC-SHA256(seed, "<campaign>:<nonce>:<k>:<attempt>[:<entropy>]"), first
//                         8 bytes big-endian, rejected while >= 2^64 - (2^64 mod sides), else v mod sides + 1.
// Everything runs in WebCrypto (crypto.subtle) and BigInt; nothing is sent anywhere.
"use strict";

(function () {
  const HASHED = ["campaign_id", "seq", "type", "schema_version", "data", "meta", "idempotency_key", "recorded_at"];
  const TWO_64 = 1n << 64n;
  const encoder = new TextEncoder();

  function hex(bytes) {
    return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function fromHex(text) {
    if (typeof text !== "string" || !/^([0-9a-f]{2})*$/.test(text)) throw new Error("not lowercase hex: " + text);
    const out = new Uint8Array(text.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16);
    return out;
  }

  function concat(a, b) {
    const out = new Uint8Array(a.length + b.length);
    out.set(a, 0);
    out.set(b, a.length);
    return out;
  }

  // Keys sorted by Unicode code point (not by UTF-16 unit, which differs above U+FFFF).
  function byCodePoint(a, b) {
    const x = Array.from(a), y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  }

  // JSON with sorted keys, no whitespace, non-ASCII as itself: Python's json.dumps(sort_keys=True,
  // separators=(",", ":"), ensure_ascii=False) for the values events hold (no floats).
  function canonical(value) {
    if (value === null) return "null";
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (typeof value === "object") {
      return "{" + Object.keys(value).sort(byCodePoint)
        .map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
    }
    if (typeof value === "number" && !Number.isSafeInteger(value)) throw new Error("not an exact integer: " + value);
    return JSON.stringify(value);
  }

  async function sha256(bytes) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  }

  async function recordHash(record) {
    const body = {};
    for (const name of HASHED) body[name] = record[name];
    return hex(await sha256(concat(fromHex(record.prev_hash), encoder.encode(canonical(body)))));
  }

  function isDie(value) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
    const keys = Object.keys(value).sort();
    return keys.length === 3 && keys[0] === "k" && keys[1] === "sides" && keys[2] === "value";
  }

  function diceIn(value, found) {
    if (isDie(value)) {
      found.push(value);
    } else if (Array.isArray(value)) {
      value.forEach((item) => diceIn(item, found));
    } else if (value !== null && typeof value === "object") {
      Object.keys(value).forEach((key) => diceIn(value[key], found));
    }
    return found;
  }

  // The data without the field `path` names: "before", or "rerolls[].before" (`before` of each item of
  // the list `rerolls`).
  function without(data, path) {
    const cut = path.indexOf("[].");
    if (cut < 0) {
      const copy = Object.assign({}, data);
      delete copy[path];
      return copy;
    }
    const head = path.slice(0, cut), rest = path.slice(cut + 3);
    if (!Array.isArray(data[head])) return data;
    return Object.assign({}, data, {
      [head]: data[head].map((item) => (item !== null && typeof item === "object" ? without(item, rest) : item)),
    });
  }

  // Older event versions that copied a replaced die (docs/fairness.md's table, which the page's data lists
  // as `legacy_copies`: [type, schema_version, field]): skip exactly these fields.
  function recordedDice(record, legacyCopies) {
    let data = record.data;
    for (const [type, version, field] of legacyCopies || []) {
      if (record.type === type && record.schema_version === version && data !== null && typeof data === "object") {
        data = without(data, field);
      }
    }
    return diceIn(data, []);
  }

  async function entropyDigest(contributions) {
    let digest = new Uint8Array(32);
    for (const text of contributions) {
      digest = await sha256(concat(digest, await sha256(encoder.encode(text))));
    }
    return hex(digest);
  }

  // The face of die k (a BigInt: the docs' test vectors use dice beyond 2^53 sides); `key` is the seed's HMAC key.
  async function dieFace(key, campaign, nonce, k, sides, entropy) {
    const bigSides = BigInt(sides);
    const limit = TWO_64 - (TWO_64 % bigSides);
    for (let attempt = 0; attempt < 1000; attempt++) {
      let message = campaign + ":" + nonce + ":" + k + ":" + attempt;
      if (entropy !== null) message += ":" + entropy;
      const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
      let v = 0n;
      for (let i = 0; i < 8; i++) v = (v << 8n) | BigInt(mac[i]);
      if (v < limit) return v % bigSides + 1n;
    }
    throw new Error("no accepted attempt");
  }

  // Every contribution before the roll, from the list the proof links to (docs/api.md), a page at a time: the
  // page embeds only the last few, as an epoch recorded before the quota may hold hundreds.
  async function fetchContributions(url) {
    const found = [];
    let after = 0;
    for (;;) {
      const response = await fetch(url + (url.includes("?") ? "&" : "?") + "after_seq=" + after + "&limit=1000",
        { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error("HTTP " + response.status);
      const page = await response.json();
      if (!Array.isArray(page.contributions) || page.contributions.length === 0) return found;
      found.push(...page.contributions);
      if (!(page.next_after_seq > after)) throw new Error("the list does not move on");
      after = page.next_after_seq;
    }
  }

  // The whole check; `say(kind, key, values)` reports each step. Answers "verified", "pending" or "failed".
  async function verify(data, say) {
    if (data.sealed) return verifySealed(data, say);
    let ok = true;
    const fail = (key, values, k) => { ok = false; say("bad", key, values, k); };
    const records = data.events.concat(data.contributions, [data.committed, data.revealed].filter(Boolean));
    for (const record of records) {
      if (record.campaign_id !== data.campaign_id) fail("v_hash_bad", { seq: record.seq });
      else if ((await recordHash(record)) === record.hash) say("ok", "v_hash_ok", { seq: record.seq });
      else fail("v_hash_bad", { seq: record.seq });
    }
    // The command's events are consecutive in the chain: each one's prev_hash is the hash before it.
    for (let i = 1; i < data.events.length; i++) {
      const event = data.events[i], before = data.events[i - 1];
      if (event.seq !== before.seq + 1 || event.prev_hash !== before.hash) fail("v_hash_bad", { seq: event.seq });
    }
    const first = data.events[0];
    const provenance = data.events.map((e) => e.meta && e.meta.dice).find(Boolean);
    if (!first || !provenance || !data.committed) {
      fail("v_dice_missing", {});
      return "failed";
    }
    const epoch = provenance.epoch;
    const nonce = provenance.nonce;
    if (nonce !== first.seq || data.committed.data.epoch !== epoch) fail("v_dice_missing", {});
    const algorithm = data.committed.data.algorithm === undefined ? 1 : data.committed.data.algorithm;
    let entropy = null;
    if (algorithm === 2) {
      let contributions = data.contributions;
      if ((data.contributions_count || 0) > contributions.length) {
        try {
          contributions = await fetchContributions(data.contributions_url);
        } catch (error) {
          fail("v_fetch_bad", {});
          return "failed";
        }
        let intact = true;
        for (const record of contributions) {
          if (record.campaign_id !== data.campaign_id || (await recordHash(record)) !== record.hash) {
            intact = false;
            fail("v_hash_bad", { seq: record.seq });
          }
        }
        if (intact) say("ok", "v_fetched_ok", { n: contributions.length });
      }
      const mine = contributions
        .filter((c) => c.type === "entropy_contributed" && c.data.epoch === epoch && c.seq < nonce)
        .sort((a, b) => a.seq - b.seq).map((c) => c.data.entropy);
      const digest = await entropyDigest(mine);
      if (digest === provenance.entropy) say("ok", "v_entropy_ok", {});
      else fail("v_entropy_bad", {});
      entropy = provenance.entropy;
    }
    if (first.type === "attempt_refused") return verifyAttempt(data, first, provenance, algorithm, entropy, say, ok);
    const dice = new Map();
    for (const record of data.events) {
      for (const die of recordedDice(record, data.legacy_copies)) {
        const known = dice.get(die.k);
        if (known && (known.sides !== die.sides || known.value !== die.value)) fail("v_die_bad", {
          k: die.k, value: die.value, computed: known.value });
        if (!known) dice.set(die.k, die);
      }
    }
    const ks = Array.from(dice.keys()).sort((a, b) => a - b);
    if (ks.length === 0 || ks.some((k, i) => k !== i)) fail("v_dice_missing", {});
    if (!data.revealed) return ok ? "pending" : "failed";
    const seed = fromHex(data.revealed.data.seed);
    if (data.revealed.data.epoch !== epoch) fail("v_commit_bad", {});
    else if (hex(await sha256(seed)) === data.committed.data.commitment) say("ok", "v_commit_ok", {});
    else fail("v_commit_bad", {});
    const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    for (const k of ks) {
      const die = dice.get(k);
      const computed = Number(await dieFace(key, data.campaign_id, nonce, k, die.sides, entropy));
      const values = { k: k, sides: die.sides, value: die.value, computed: computed };
      if (computed === die.value) say("ok", "v_die_ok", values, k);
      else fail("v_die_bad", values, k);
    }
    return ok ? "verified" : "failed";
  }

  // A refused attempt (docs/fairness.md, "Refused attempts"): its dice are per line, each line with its own
  // nonce; the nonces increase from the attempt's first seq to the last seq of its events, and each line mixes
  // in the attempt's digest folded with the strings its earlier lines contributed.
  async function verifyAttempt(data, first, provenance, algorithm, entropy, say, okSoFar) {
    let ok = okSoFar;
    const fail = (key, values, k) => { ok = false; say("bad", key, values, k); };
    const lines = first.data.lines;
    const last = data.events[data.events.length - 1];
    const nonces = lines.map((line) => line.nonce);
    if (nonces.length === 0 || nonces[0] !== first.seq || nonces[nonces.length - 1] !== last.seq
        || nonces.some((n, i) => i > 0 && n <= nonces[i - 1])) fail("v_dice_missing", {});
    const key = data.revealed ? await checkedKey(data, provenance.epoch, say, fail) : null;
    let running = entropy;
    for (const line of lines) {
      const dice = diceIn(line.dice, []);
      if (dice.length > 0) {
        if (line.epoch !== provenance.epoch || line.entropy !== running) fail("v_entropy_bad", {});
        const ks = dice.map((d) => d.k).sort((a, b) => a - b);
        if (ks.some((k, i) => k !== i)) fail("v_dice_missing", {});
        for (const die of dice) {
          if (key === null) continue;
          const computed = Number(await dieFace(key, data.campaign_id, line.nonce, die.k, die.sides, running));
          const values = { k: die.k, sides: die.sides, value: die.value, computed: computed };
          if (computed === die.value) say("ok", "v_die_ok", values, line.nonce + ":" + die.k);
          else fail("v_die_bad", values, line.nonce + ":" + die.k);
        }
      }
      if (algorithm === 2 && typeof line.contributed === "string") running = await foldDigest(running, line.contributed);
    }
    if (key === null) return ok ? "pending" : "failed";
    return ok ? "verified" : "failed";
  }

  // A sealed roll (docs/fairness.md, "Secret rolls", "Secret rules tests"): before its reveal only the seal's
  // chain is checked; after it, the key against the seal's commitment (and against the epoch's seed, once out),
  // every die of the seal's shape from the key, and a sealed test's outcome against the seal's outcome hash.
  async function verifySealed(data, say) {
    let ok = true;
    const fail = (key, values, k) => { ok = false; say("bad", key, values, k); };
    const records = [data.seal, data.reveal].concat(data.outcome || [], [data.committed, data.revealed])
      .filter(Boolean);
    for (const record of records) {
      if (record.campaign_id !== data.campaign_id) fail("v_hash_bad", { seq: record.seq });
      else if ((await recordHash(record)) === record.hash) say("ok", "v_hash_ok", { seq: record.seq });
      else fail("v_hash_bad", { seq: record.seq });
    }
    const seal = data.seal;
    if (!seal || seal.type !== "secret_roll_sealed" || seal.seq !== data.nonce) {
      fail("v_dice_missing", {});
      return "failed";
    }
    const reveal = data.reveal;
    if (!reveal) return ok ? "pending-sealed" : "failed";
    if (reveal.type !== "secret_roll_revealed" || reveal.data.roll !== seal.seq) fail("v_dice_missing", {});
    const keyBytes = fromHex(reveal.data.key);
    if (hex(await sha256(keyBytes)) === seal.data.commitment) say("ok", "v_key_ok", {});
    else fail("v_key_bad", {});
    if (data.revealed) {
      const seed = await checkedKey(data, seal.data.epoch, say, fail);
      const derived = hex(await crypto.subtle.sign("HMAC", seed,
        encoder.encode("secret:" + data.campaign_id + ":" + seal.seq)));
      if (derived === reveal.data.key) say("ok", "v_key_seed_ok", {});
      else fail("v_key_seed_bad", {});
    }
    let shape = Array.isArray(seal.data.shape) && seal.data.shape.length ? seal.data.shape : [];
    if (!shape.length) {
      for (const term of seal.data.terms || []) {
        if (term.sides) for (let i = 0; i < term.count; i++) shape.push(term.sides === 5 ? 10 : term.sides);
      }
    }
    const key = await hmacKey(reveal.data.key);
    const shown = diceIn(reveal.data.dice, []);
    if (shown.length !== shape.length) fail("v_dice_missing", {});
    const entropy = typeof seal.data.entropy === "string" ? seal.data.entropy : null;
    for (let k = 0; k < shape.length; k++) {
      const die = shown.find((d) => d.k === k);
      const computed = Number(await dieFace(key, data.campaign_id, seal.seq, k, shape[k], entropy));
      const values = { k: k, sides: shape[k], value: die ? die.value : "—", computed: computed };
      if (die && die.sides === shape[k] && die.value === computed) say("ok", "v_die_ok", values, k);
      else fail("v_die_bad", values, k);
    }
    if (seal.data.command) {
      const outcome = data.outcome || [];
      const consecutive = outcome.length === reveal.data.events
        && outcome.every((e, i) => e.seq === reveal.seq + i + 1
          && e.prev_hash === (i === 0 ? reveal.hash : outcome[i - 1].hash));
      const listed = outcome.map((e) => ({ type: e.type, data: e.data }));
      const hashed = hex(await sha256(concat(keyBytes, encoder.encode(canonical(listed)))));
      if (consecutive && hashed === seal.data.outcome) say("ok", "v_outcome_ok", {});
      else fail("v_outcome_bad", {});
    }
    return ok ? "verified" : "failed";
  }

  async function foldDigest(digestHex, text) {
    return hex(await sha256(concat(fromHex(digestHex), await sha256(encoder.encode(text)))));
  }

  async function checkedKey(data, epoch, say, fail) {
    const seed = fromHex(data.revealed.data.seed);
    if (data.revealed.data.epoch !== epoch) fail("v_commit_bad", {});
    else if (hex(await sha256(seed)) === data.committed.data.commitment) say("ok", "v_commit_ok", {});
    else fail("v_commit_bad", {});
    return crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : "{" + name + "}"));
  }

  function start() {
    const button = document.getElementById("verify-button");
    const result = document.getElementById("verify-result");
    const steps = document.getElementById("verify-steps");
    const words = JSON.parse(document.getElementById("verify-words").textContent);
    if (!button) return;
    button.addEventListener("click", async () => {
      steps.textContent = "";
      document.querySelectorAll("td.browser").forEach((cell) => { cell.textContent = "…"; });
      if (!(window.crypto && crypto.subtle)) {
        result.dataset.state = "failed";
        result.textContent = words.v_no_crypto;
        return;
      }
      result.dataset.state = "running";
      result.textContent = words.v_running;
      const say = (kind, key, values, k) => {
        const item = document.createElement("li");
        item.className = kind;
        item.textContent = (kind === "ok" ? "✔ " : "✘ ") + format(words[key], values);
        steps.appendChild(item);
        if (k !== undefined) {
          const cell = document.querySelector('td.browser[data-k="' + k + '"]');
          if (cell) cell.textContent = (kind === "ok" ? "✔ " : "✘ ") + values.computed;
        }
      };
      let outcome;
      try {
        // Read at the moment of the click: the page's data, whatever it holds now.
        const data = JSON.parse(document.getElementById("verify-data").textContent);
        outcome = await verify(data, say);
      } catch (error) {
        say("bad", "v_failed", {});
        outcome = "failed";
      }
      result.dataset.state = outcome;
      // ◷ is in DejaVu, the font Debian's Chromium falls back on; the hourglass U+29D7 was drawn as an empty box.
      result.textContent = outcome === "verified" ? "✔ " + words.v_verified
        : outcome === "pending" ? "◷ " + words.v_pending
          : outcome === "pending-sealed" ? "◷ " + words.v_sealed_pending : "✘ " + words.v_failed;
      // Dice no step could check (their seed is still secret) wait for the reveal; "…" would read as still working.
      document.querySelectorAll("td.browser").forEach((cell) => {
        if (cell.textContent === "…") cell.textContent = outcome.startsWith("pending") ? "◷" : "✘";
      });
    });
  }

  async function hmacKey(seedHex) {
    return crypto.subtle.importKey("raw", fromHex(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  }

  window.lexmechanicVerify = {
    verify: verify, canonical: canonical, dieFace: dieFace, entropyDigest: entropyDigest, hmacKey: hmacKey,
    recordedDice: recordedDice,
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
