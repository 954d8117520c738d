// The virtual device: the official MicroPython WebAssembly port's REPL on a byte stream.
//
//     node vdevice.mjs [--heap BYTES] [--fd N]
//
// Reads the bytes a serial line would bring from fd N (default 0) and feeds them,
// one at a time, to the port's event-driven REPL (`replProcessChar`, the same
// friendly/raw REPL code as on a Pico); everything MicroPython prints goes back
// out on the same fd (or fd 1 when reading stdin). Give it the master side of a
// pseudo-terminal and the slave side (/dev/pts/N) is a port that real `mpremote`
// can connect to: raw REPL, `fs cp`, `fs ls`, `exec`, `soft-reset`.
//
// Soft reset (Ctrl-D on an empty line): prints "MPY: soft reboot", forgets every
// imported module and global (the filesystem is kept, as on the device), then
// re-enters the REPL in the mode it was in. The filesystem is the port's
// in-memory one (Emscripten MEMFS) mounted at "/" by flashfs.py; it lasts as long
// as the process.
// Limits: code runs to completion once started (a Ctrl-C cannot interrupt a running
// loop), and main.py/boot.py are not run at reset.
import fs from "node:fs";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const PYEXEC_FORCED_EXIT = 0x100;

function arg(name, dflt) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}

const heapsize = arg("--heap", 192 * 1024);
const inFd = arg("--fd", 0);
const outFd = inFd === 0 ? 1 : inFd;

let pending = [];
let muted = false;
let tail = ""; // the last few characters printed: tells the friendly REPL from the raw one
let raw = false;

function out(bytes) {
  if (muted) return;
  pending.push(...bytes);
  tail = (tail + String.fromCharCode(...bytes)).slice(-32);
  if (tail.endsWith("raw REPL; CTRL-B to exit\r\n>")) raw = true;
  else if (tail.endsWith(">>> ")) raw = false;
}

function flush() {
  if (!pending.length) return;
  const buf = Buffer.from(pending);
  pending = [];
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(outFd, buf, off);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
    }
  }
}

const mp = await loadMicroPython({
  heapsize,
  linebuffer: false,
  stdout: out,
  stderr: out,
});

// The device's root "/": an empty in-memory folder with MicroPython's errno numbers.
mp.runPython(fs.readFileSync(new URL("./flashfs.py", import.meta.url), "utf8"));

const RESET = [
  "import sys",
  "for _k in [k for k in sys.modules if k != '__main__']: del sys.modules[_k]",
  "[globals().pop(k) for k in list(globals()) if k[:2] != '__']",
  "import gc",
  "gc.collect()",
  "del gc",
].join("\n");

function softReset() {
  out(Buffer.from("MPY: soft reboot\r\n"));
  muted = true;
  try {
    mp.runPython(RESET);
  } finally {
    muted = false;
  }
  mp.replInit(); // prints the banner or "raw REPL; CTRL-B to exit\r\n>" for the current mode
}

mp.replInit();
flush();

// The port's raw REPL would answer a raw-paste request (Ctrl-E "A" Ctrl-A) and then
// block inside replProcessChar waiting for stdin, which this event-driven port cannot
// deliver. So the bridge answers it the way a device without raw-paste does, "R\x00",
// and mpremote falls back to the plain raw REPL (the byte protocol itself is untouched).
let held = [];

function process1(c) {
  if (mp.replProcessChar(c) === PYEXEC_FORCED_EXIT) softReset();
}

function feed(chunk) {
  for (const c of chunk) {
    if (held.length || (raw && c === 0x05)) {
      held.push(c);
      const want = [0x05, 0x41, 0x01];
      if (held.every((b, i) => b === want[i])) {
        if (held.length === 3) {
          held = [];
          out(Buffer.from("R\x00", "latin1"));
        }
        continue;
      }
      const h = held;
      held = [];
      for (const b of h) process1(b);
      continue;
    }
    process1(c);
  }
  flush();
}

if (inFd === 0) {
  process.stdin.on("data", feed);
  process.stdin.on("end", () => process.exit(0));
} else {
  // A pty master: blocking reads on libuv's thread pool, one at a time.
  const buf = Buffer.alloc(4096);
  const loop = () => {
    fs.read(inFd, buf, 0, buf.length, null, (err, n) => {
      if (err) {
        if (err.code === "EAGAIN") return setTimeout(loop, 5);
        if (err.code === "EIO") return setTimeout(loop, 20); // no slave open right now
        process.exit(0);
      }
      if (n === 0) return process.exit(0);
      feed(buf.subarray(0, n));
      loop();
    });
  };
  loop();
}
