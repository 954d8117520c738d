// The web console's page: one console, or two joined by their UART0s, each a worker running the
// real UF2 on the shared chip model (worker.js, chip.mjs), drawn as the desktop emulator draws
// the handheld (emulator/window.py Chrome: the joystick left of the glass, the keys right of it,
// each labelled with its keyboard key, lit while pressed), played from the keyboard, the mouse
// or touch on the drawn keys, and gamepads. site.json (written by `burako web`) holds the
// firmware's version and each board's facts.
//
//     index.html?board=pico_lcd_114&consoles=2

const BITS = { UP: 1, DOWN: 2, LEFT: 4, RIGHT: 8, PRESS: 16, A: 32, B: 64, X: 128, Y: 256 };
const SIDE = 64, TOP = 10, BOTTOM = 14; // logical pixels around the glass (window.py)

// The keyboard: with one console the desktop emulator's keys; with two, the keyboard in halves.
const KEYS_ONE = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT", Enter: "PRESS", " ": "PRESS",
  a: "A", z: "A", k: "A", b: "B", l: "B", x: "X", i: "X", y: "Y", o: "Y",
};
const KEYS_LEFT = { e: "UP", d: "DOWN", s: "LEFT", f: "RIGHT", " ": "PRESS", a: "A", z: "A", b: "B", x: "X", y: "Y" };
const KEYS_RIGHT = { ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT", Enter: "PRESS", k: "A", l: "B", i: "X", o: "Y" };
// what the drawn console says under its joystick and keys
const LABELS = [
  { stick: "arrows, Enter", A: "A", B: "B", X: "X", Y: "Y" },
  { stick: "E S D F, Space", A: "A", B: "B", X: "X", Y: "Y" },
  { stick: "arrows, Enter", A: "K", B: "L", X: "I", Y: "O" },
];
// Gamepads (the standard mapping): the desktop emulator's buttons 0 1 2 3 = A B X Y, start or a
// stick click = the joystick press, the d-pad or the left stick = the joystick.
const PAD = { 0: "A", 1: "B", 2: "X", 3: "Y", 9: "PRESS", 10: "PRESS", 11: "PRESS", 12: "UP", 13: "DOWN", 14: "LEFT", 15: "RIGHT" };

const query = new URLSearchParams(location.search);
let nextId = 0;

class Console {
  constructor(index, count, site, board, files) {
    this.index = index;
    this.board = board;
    this.pending = new Map();
    this.level = 0; // keys held down from the page (keyboard, pointer, pad), as bits
    const [, , w, h] = board.glass;
    this.el = document.createElement("section");
    this.el.className = "console";
    this.el.dataset.console = String(index + 1);
    // the largest scale (in quarters, 1 to 3) at which the consoles fit the window side by side
    const fit = Math.min((innerWidth - 24 - 12 * (count - 1)) / count / (w + 2 * SIDE), (innerHeight - 150) / (h + TOP + BOTTOM));
    const s = Number(query.get("scale")) || Math.max(1, Math.min(3, Math.floor(fit * 4) / 4));
    this.el.style.setProperty("--s", s);
    const body = document.createElement("div");
    body.className = "body";
    body.style.width = `${(w + 2 * SIDE) * s}px`;
    body.style.height = `${(h + TOP + BOTTOM) * s}px`;
    this.canvas = document.createElement("canvas");
    this.canvas.width = w;
    this.canvas.height = h;
    this.canvas.className = "glass";
    Object.assign(this.canvas.style, { left: `${SIDE * s}px`, top: `${TOP * s}px`, width: `${w * s}px`, height: `${h * s}px` });
    body.append(this.canvas);
    this.buttons = {};
    const labels = LABELS[count === 1 ? 0 : index + 1];
    for (const c of controls(w, h, board)) {
      const b = document.createElement("button");
      b.className = "key";
      b.textContent = c.cap;
      b.dataset.key = c.name;
      b.setAttribute("aria-label", c.name);
      Object.assign(b.style, { left: `${(c.x - c.r) * s}px`, top: `${(c.y - c.r) * s}px`, width: `${2 * c.r * s}px`, height: `${2 * c.r * s}px` });
      this.bindPointer(b, BITS[c.name]);
      body.append(b);
      this.buttons[c.name] = b;
      if (c.name.length === 1) body.append(label(`key ${labels[c.name]}${c.hold || ""}`, c.x, c.y + c.r + 5, s));
    }
    body.append(label(labels.stick, SIDE / 2, TOP + h / 2 + 3 * 9 + 6, s)); // under the joystick's lowest cap
    const foot = document.createElement("div");
    foot.className = "foot";
    this.speed = document.createElement("span");
    this.speed.className = "speed";
    this.speed.textContent = "starting";
    const download = button("scores.log", "Download this console's score log (burako scores --file reads it)");
    download.className = "download";
    download.onclick = () => this.download();
    const clear = button("Clear", "Erase this console's saves, score log and names");
    clear.className = "clear";
    clear.onclick = () => this.clear();
    foot.append(this.speed, download, clear);
    this.el.append(body, foot);
    this.context = this.canvas.getContext("2d");
    this.worker = new Worker("worker.js", { type: "module" });
    this.worker.onmessage = (e) => this.message(e.data);
    this.worker.onerror = (e) => { this.speed.textContent = "stopped: " + (e.message || "error"); };
    this.files = files;
    this.site = site;
  }

  boot(link) {
    const { bootrom, uf2 } = this.files;
    return this.request("boot", {
      board: this.board, slot: String(this.index + 1), bootrom: bootrom.slice(0), uf2: uf2.slice(0), link,
    }, link ? [link] : []);
  }

  request(op, args = {}, transfer = []) {
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ op, id, ...args }, transfer);
    });
  }

  message(m) {
    if (m.id !== undefined) {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m);
    } else if (m.ev === "frame") {
      this.context.putImageData(new ImageData(m.rgba, m.w, m.h), 0, 0);
      this.frames = (this.frames || 0) + 1;
      this.version = m.version;
      // when (page time) the last frame was drawn, and the first after the last key down: figures
      this.frameAt = performance.now();
      if (this.pressAt !== undefined && this.answerAt === undefined) this.answerAt = this.frameAt;
    } else if (m.ev === "speed") {
      this.percent = m.percent;
      this.speed.textContent = `${Math.round(m.percent)} % of a real RP2040`;
      this.speed.title = `${m.mhz.toFixed(1)} MHz of the RP2040's 125 MHz executed (the rest asleep, as the chip is)`;
    }
  }

  // keys: the page sends downs and ups; the worker turns them into pin levels on emulated time
  press(bit, down) {
    if (!bit || !!(this.level & bit) === down) return;
    this.level = down ? this.level | bit : this.level & ~bit;
    if (down) { this.pressAt = performance.now(); this.answerAt = undefined; }
    this.worker.postMessage({ op: down ? "down" : "up", bit });
    for (const [name, b] of Object.entries(this.buttons)) b.classList.toggle("lit", !!(this.level & BITS[name]));
  }

  bindPointer(el, bit) {
    el.addEventListener("pointerdown", (e) => { el.setPointerCapture(e.pointerId); this.press(bit, true); e.preventDefault(); });
    for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(ev, () => this.press(bit, false));
    el.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  async download() {
    const bytes = (await this.request("files")).files["scores.log"];
    if (!bytes) return alert("No score log on this console yet: it is written when a match ends.");
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([bytes], { type: "text/plain" }));
    a.download = "scores.log";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async clear() {
    if (!confirm(`Clear console ${this.index + 1}? Its saved match, score log and names are erased; it starts again as a new console.`)) return;
    await this.request("clear");
  }
}

// where the drawn console's controls sit, in logical pixels (window.py Chrome)
function controls(w, h, board) {
  const cy = TOP + h / 2, jx = SIDE / 2, r = 9;
  const out = [
    { name: "UP", cap: "^", x: jx, y: cy - 2 * r, r }, { name: "DOWN", cap: "v", x: jx, y: cy + 2 * r, r },
    { name: "LEFT", cap: "<", x: jx - 2 * r, y: cy, r }, { name: "RIGHT", cap: ">", x: jx + 2 * r, y: cy, r },
    { name: "PRESS", cap: "o", x: jx, y: cy, r },
  ];
  const kx = SIDE + w + SIDE / 2;
  const has = (bit) => board.keys.some(([b]) => b === bit);
  if (has(BITS.X) && has(BITS.Y)) {
    for (const [name, dx, dy] of [["X", -15, -18], ["A", 15, -18], ["Y", -15, 18], ["B", 15, 18]]) out.push({ name, cap: name, x: kx + dx, y: cy + dy, r: 10 });
  } else { // the Pico-LCD-1.14: A and B, held for Y and X
    out.push({ name: "A", cap: "A", x: kx, y: cy - 18, r: 10, hold: " (hold: Y)" }, { name: "B", cap: "B", x: kx, y: cy + 18, r: 10, hold: " (hold: X)" });
  }
  return out;
}

function label(text, x, y, s) {
  const el = document.createElement("span");
  el.className = "label";
  el.textContent = text;
  Object.assign(el.style, { left: `${x * s}px`, top: `${y * s}px` });
  return el;
}

function button(text, title) {
  const b = document.createElement("button");
  b.textContent = text;
  b.title = title;
  return b;
}

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.arrayBuffer();
}

function keyboard(consoles) {
  const maps = consoles.length === 1 ? [[consoles[0], KEYS_ONE]] : [[consoles[0], KEYS_LEFT], [consoles[1], KEYS_RIGHT]];
  const find = (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return null;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    for (const [c, map] of maps) if (map[k]) return [c, BITS[map[k]]];
    return null;
  };
  addEventListener("keydown", (e) => {
    const hit = find(e);
    if (!hit || e.target.closest?.("input, select, textarea")) return;
    e.preventDefault(); // arrows and space would scroll the page
    hit[0].press(hit[1], true);
  });
  addEventListener("keyup", (e) => {
    const hit = find(e);
    if (!hit) return;
    e.preventDefault(); // a focused button would take Space's keyup as a click
    hit[0].press(hit[1], false);
  });
  addEventListener("blur", () => { for (const c of consoles) for (const bit of Object.values(BITS)) c.press(bit, false); });
}

// Gamepads, read at every animation frame: the first pad plays the first console, the second
// pad the second.
function gamepads(consoles) {
  const levels = [];
  const poll = () => {
    const pads = [...(navigator.getGamepads ? navigator.getGamepads() : [])].filter(Boolean);
    consoles.forEach((c, i) => {
      const pad = pads[i];
      let level = 0;
      if (pad) {
        pad.buttons.forEach((b, n) => { if (PAD[n] && (b.pressed || b.value > 0.5)) level |= BITS[PAD[n]]; });
        const [ax = 0, ay = 0] = pad.axes;
        level |= (ax < -0.6 ? BITS.LEFT : 0) | (ax > 0.6 ? BITS.RIGHT : 0) | (ay < -0.6 ? BITS.UP : 0) | (ay > 0.6 ? BITS.DOWN : 0);
      }
      const before = levels[i] || 0;
      for (const bit of Object.values(BITS)) if ((level ^ before) & bit) c.press(bit, !!(level & bit));
      levels[i] = level;
    });
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

async function main() {
  const site = await (await fetch("site.json")).json();
  const boardName = site.boards[query.get("board")] ? query.get("board") : site.default_board;
  const board = site.boards[boardName];
  const count = query.get("consoles") === "2" ? 2 : 1;
  document.title = `Burako ${site.version}: ${board.title}`;
  document.querySelector("#what").textContent = `Burako ${site.version}, the console's own firmware (${board.uf2}) on an emulated RP2040: ${board.title}`;
  const nav = document.querySelector("#boards");
  for (const [name, b] of Object.entries(site.boards)) {
    const a = document.createElement("a");
    a.textContent = b.title;
    a.href = `?board=${name}${count === 2 ? "&consoles=2" : ""}`;
    if (name === boardName) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  const linkToggle = document.querySelector("#consoles");
  linkToggle.textContent = count === 2 ? "One console" : "Two linked consoles";
  linkToggle.href = `?board=${boardName}${count === 2 ? "" : "&consoles=2"}`;
  document.querySelector("#install").href = site.install;
  document.querySelector("#help").hidden = count !== 2;

  const [bootrom, uf2] = await Promise.all([fetchBytes(site.bootrom), fetchBytes(board.uf2)]);
  const files = { bootrom, uf2 };
  const row = document.querySelector("#consoles-row");
  const consoles = [];
  for (let i = 0; i < count; i++) {
    const c = new Console(i, count, site, board, files);
    row.append(c.el);
    consoles.push(c);
  }
  keyboard(consoles);
  gamepads(consoles);
  // the cable: UART0 to UART0, each byte from one worker straight to the other
  const cable = count === 2 ? new MessageChannel() : null;
  await Promise.all(consoles.map((c, i) => c.boot(cable ? (i ? cable.port2 : cable.port1) : null)));
  return consoles;
}

// for tests and the curious: window.burako.consoles[i].request("stats") and the like
window.burako = { ready: main().then((consoles) => ({ consoles })).catch((e) => { document.querySelector("#what").textContent = "The console could not start: " + e.message; throw e; }) };
window.burako.ready.then(({ consoles }) => { window.burako.consoles = consoles; });
