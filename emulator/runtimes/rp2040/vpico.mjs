// The virtual Raspberry Pi Pico: the real MicroPython rp2 firmware on rp2040js.
//
//     node vpico.mjs --flash FILE --uf2 FILE --bootrom FILE --pty-fd N
//                    [--dc 8 --bl 13 --glass X,Y,W,H --keys 2,18,...] [--link listen:PORT | socket://HOST:PORT]
//                    [--flash-size BYTES] [--speaker PIN] [--adc CH=RAW,...]
//
// USB CDC is the pty master on fd N (its slave is the board's serial port for mpremote).
// stdin/stdout carry the control channel, one JSON object per line each way: requests
// {"id", "op", ...} get a reply {"id", ...}; events {"ev", ...} come unasked.
//   op "keys"   {"low": [pins], "hold_ms"}  key pins held low (pressed), released after hold_ms
//                                of emulated time when given; all other key pins read high
//   op "screen" {"since"}        the glass as RGB565 big-endian, base64, + version, lit, on, t_ns
//                                (no pixels when nothing changed since version `since`)
//   op "stats"                   emulated time, cycles, SPI bursts, key edges, resets, UART
//   op "wire"   {"clear"}        the UART's byte log: [t_ns, byte, ...] flat, for bytes written to the
//                                TX FIFO (tx_in), bytes whose last bit left (tx_out), bytes put into
//                                the RX FIFO (rx); "clear" empties it after the reply
//   op "cut"    {"after", "keep"} the power fails during the flash call after `after` more, `keep` bytes in
//   op "tones"  {"clear"}        the speaker pin's tones (--speaker: its PWM slice decoded): [{hz, pulse_ns,
//                                start_ns, end_ns}] ended, and `playing` (end_ns null); "clear" drops the ended
//   op "adc"    {"channel", "value"} what an ADC channel reads (12-bit; channel 0 is GP26), e.g. a battery
//   op "quit"
// The chip is chip.mjs (shared with the web console, emulator/web/): rp2040js completed where
// MicroPython needs it (docs/vpico.md): USB OUT transfers complete only with host data, the
// core sleeps on the wall clock while it waits, the ROM's flash erase/program are trapped and
// applied to the flash (here also to the file), the UART moves bytes at its baud rate, the
// watchdog's reboot rebuilds the chip, SPI1 is decoded as an ST7789 whose bytes take 8 bit
// times at the programmed SPI clock. This file is the node host: the flash file, the pty, TCP.
import fs from "node:fs";
import net from "node:net";
import tty from "node:tty";
import * as rp2040js from "rp2040js";
import { FLASH_SIZE, VirtualPico, loadUf2 } from "./chip.mjs";

// --- arguments ------------------------------------------------------------
function arg(name, dflt) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
}
const flashPath = arg("--flash");
const uf2Path = arg("--uf2");
const bootromPath = arg("--bootrom");
const ptyFd = Number(arg("--pty-fd", "-1"));
const DC = Number(arg("--dc", "8"));
const BL = Number(arg("--bl", "13"));
const SPI_ID = Number(arg("--spi", "1"));
const UART_ID = Number(arg("--uart", "0"));
const GLASS = arg("--glass", "0,0,240,240").split(",").map(Number);
const KEY_PINS = arg("--keys", "2,18,16,20,3,15,17,19,21").split(",").filter(Boolean).map(Number);
const link = arg("--link", "");
const FLASH_BYTES = Number(arg("--flash-size", String(FLASH_SIZE))); // the board's flash chip (16 MB at most)
const SPEAKER = Number(arg("--speaker", "-1")); // a PWM pin whose tones are reported (op "tones")
const adcValues = [0, 0, 0, 0, 0]; // what each ADC channel reads, kept across reboots
for (const kv of arg("--adc", "").split(",").filter(Boolean)) {
  const [ch, v] = kv.split("=").map(Number);
  adcValues[ch] = v;
}

function fail(msg) {
  process.stderr.write("vpico: " + msg + "\n");
  process.exit(2);
}

// --- flash: a file holding the whole chip (2 MB on a Pico) ---------------
let flashFd;
let flashImage;
{
  let fresh = false;
  try {
    flashFd = fs.openSync(flashPath, "r+");
  } catch (e) {
    if (e.code !== "ENOENT") fail(`cannot open ${flashPath}: ${e.message}`);
    flashFd = fs.openSync(flashPath, "w+");
    fresh = true;
  }
  if (!fresh && fs.fstatSync(flashFd).size === 0) fresh = true; // created empty by the Python side's lock
  flashImage = new Uint8Array(FLASH_BYTES).fill(0xff);
  if (fresh) {
    try {
      loadUf2(flashImage, fs.readFileSync(uf2Path));
    } catch (e) {
      fail(e.message);
    }
    fs.writeSync(flashFd, flashImage, 0, FLASH_BYTES, 0);
    fs.fsyncSync(flashFd);
  } else {
    fs.readSync(flashFd, flashImage, 0, FLASH_BYTES, 0);
  }
}

let flashOps = 0;
let cut = null; // {at, keep}: the power fails during flash call number `at`, after `keep` bytes of it
let cutNow = false;
function flashKeep() {
  cutNow = cut !== null && flashOps + 1 === cut.at;
  return cutNow ? cut.keep : Infinity;
}
function flashWritten(off, n, kept) {
  fs.writeSync(flashFd, flashImage, off, kept, off); // each ROM call lands in the file before it returns
  if (cutNow) process.kill(process.pid, "SIGKILL"); // the power fails inside this call
  flashOps++;
}

// --- control channel ------------------------------------------------------
function send(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

// --- USB serial on the pty ------------------------------------------------
// tty streams (libuv, non-blocking): a blocking read on the thread pool would keep the
// process from exiting while the port is open.
let ptyOut = null;
let pico = null;
if (ptyFd >= 0) {
  const ptyIn = new tty.ReadStream(ptyFd);
  ptyIn.setRawMode(true);
  ptyIn.on("data", (d) => pico?.typeIn(d));
  ptyIn.on("error", () => {}); // EIO: nobody holds the port open
  ptyOut = new tty.WriteStream(ptyFd);
  ptyOut.on("drain", () => pico?.usbDrained());
  ptyOut.on("error", () => {});
}

// --- the link cable: UART bytes over TCP -----------------------------------
let sock = null;
let reconnect = null;
function attachSocket(s) {
  sock = s;
  s.setNoDelay(true);
  s.on("data", (d) => pico?.receive(d));
  s.on("close", () => {
    if (sock !== s) return;
    sock = null;
    send({ ev: "link", connected: false });
    if (reconnect) setTimeout(reconnect, 500); // a pulled cable plugged back, as emulator/link.py does
  });
  s.on("error", () => {});
  send({ ev: "link", connected: true });
}
if (link.startsWith("listen:")) {
  const port = Number(link.slice(7));
  const srv = net.createServer((s) => { if (sock) s.destroy(); else attachSocket(s); });
  srv.on("error", (e) => fail(`cannot listen on 127.0.0.1:${port}: ${e.message}`));
  srv.listen(port, "127.0.0.1", () => send({ ev: "listening", port: srv.address().port }));
} else if (link.startsWith("socket://")) {
  const [host, port] = link.slice(9).split(":");
  const tryConnect = (left) => {
    const s = net.connect(Number(port), host);
    const retry = () => { if (left > 0) setTimeout(() => tryConnect(left - 1), 100); else fail(`cannot connect to ${link}`); };
    s.once("error", retry);
    s.once("connect", () => { s.off("error", retry); attachSocket(s); });
  };
  reconnect = () => tryConnect(1e9);
  tryConnect(100);
} else if (link) {
  fail(`bad --link ${link}: listen:PORT or socket://HOST:PORT`);
}

// --- the speaker (--speaker PIN) ----------------------------------------------
// The tones its PWM slice makes, for tests and figures (op "tones"). A tone sounds while the
// slice runs, the pin is its PWM output and the pin's channel compares above 0; the firmware
// changes one through several register writes (divider, top, compare: one machine.PWM call each,
// some microseconds apart), so the state is read 100 us of emulated time after the last write of
// a burst, and a change is dated at the burst's first write.
const tones = [];
let tone = null; // the tone sounding: {hz, pulse_ns, start_ns, end_ns: null}
const TONE_SETTLE_NS = 100000;
function toneNow(mcu) {
  const ch = mcu.pwm.channels[(SPEAKER >> 1) & 7];
  const cc = SPEAKER & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
  if (!(ch.csr & 1) || !cc || mcu.gpio[SPEAKER].functionSelect !== 4) return null; // 4: PWM
  const div = (((ch.div >> 4) & 0xff) || 256) + (ch.div & 0xf) / 16;
  const clk = mcu.pwm.clockFreq;
  return { hz: Math.round((clk * 10) / div / (ch.top + 1)) / 10, pulse_ns: Math.round((cc * div * 1e9) / clk) };
}
function toneSettled(mcu, at) {
  const now = toneNow(mcu);
  if (tone && (!now || now.hz !== tone.hz || now.pulse_ns !== tone.pulse_ns)) {
    tone.end_ns = at;
    tones.push(tone);
    if (tones.length > 1000) tones.shift();
    tone = null;
  }
  if (now && !tone) tone = { hz: now.hz, pulse_ns: now.pulse_ns, start_ns: at, end_ns: null };
}
// every write to the PWM block (its atomic aliases included) marks a burst
function setupSpeaker(board) {
  const mcu = board.mcu;
  let burstAt = -1;
  const settle = board.clock.createAlarm(() => { toneSettled(mcu, burstAt); burstAt = -1; });
  const write = mcu.pwm.writeUint32.bind(mcu.pwm);
  mcu.pwm.writeUint32 = (offset, value) => {
    write(offset, value);
    if (burstAt < 0) burstAt = Math.round(now_ns());
    settle.schedule(TONE_SETTLE_NS);
  };
  if (tone && pico) { tone.end_ns = pico.emuBase; tones.push(tone); tone = null; } // a reboot silences it
}

// --- the board --------------------------------------------------------------
const bootrom = new Uint8Array(fs.readFileSync(bootromPath)).subarray(0, 16384);
pico = new VirtualPico(rp2040js, {
  bootrom, flash: flashImage, dc: DC, bl: BL, spi: SPI_ID, uart: UART_ID, glass: GLASS, keyPins: KEY_PINS,
}, {
  usbOut: (buf) => ptyOut?.write(Buffer.from(buf)),
  usbBacklog: () => (ptyOut ? ptyOut.writableLength : 0),
  wireOut: (b) => sock?.write(Buffer.of(b)),
  flashKeep,
  flashWritten,
  event: send,
  boardBuilt: (board) => {
    if (SPEAKER >= 0) setupSpeaker(board);
    board.mcu.adc.channelValues = adcValues;
  },
});

// --- control requests ---------------------------------------------------------
let inBuf = "";
process.stdin.on("data", (d) => {
  inBuf += d.toString();
  let i;
  while ((i = inBuf.indexOf("\n")) >= 0) {
    const line = inBuf.slice(0, i);
    inBuf = inBuf.slice(i + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});
process.stdin.on("end", () => process.exit(0));

function now_ns() {
  return pico.nowNs();
}

function handle(req) {
  const reply = { id: req.id };
  switch (req.op) {
    case "keys": {
      // hold_ms: release them again after that much emulated time (a tap independent of host speed)
      pico.setKeys(req.low || []);
      reply.t_ns = now_ns();
      if (req.hold_ms) pico.releaseKeysAfter(req.hold_ms);
      break;
    }
    case "screen": {
      const panel = pico.panel;
      const lit = pico.lit();
      reply.w = GLASS[2];
      reply.h = GLASS[3];
      reply.version = panel.version * 2 + (lit ? 1 : 0); // the backlight counts as a change too
      reply.on = panel.on && !panel.asleep; // the glass shows the RAM only with DISPON and out of sleep
      reply.lit = lit;
      reply.t_ns = now_ns();
      if (req.since !== reply.version) reply.rgb565 = Buffer.from(pico.glass().buffer).toString("base64"); // unchanged: no pixels
      break;
    }
    case "stats": {
      reply.t_ns = now_ns();
      const board = pico.board;
      reply.chip_ns = board.clock.nanos;
      reply.cycles = pico.totalCycles;
      reply.resets = pico.resets;
      reply.flash_ops = flashOps;
      reply.usb = board.connected;
      reply.spi_hz = board.mcu.spi[SPI_ID].clockFrequency;
      reply.uart_baud = board.uart.baudRate;
      reply.uart_tx = board.uartTx;
      reply.uart_rx = board.uartRx;
      reply.link = !!sock;
      reply.bursts = req.bursts ? pico.panel.bursts : [];
      reply.last_spi_ns = pico.panel.burst ? pico.panel.burst.last_ns : -1;
      reply.keys_low = [...pico.keysLow];
      reply.keys = pico.keyLog;
      break;
    }
    case "wire": {
      const wire = pico.wire;
      reply.tx_in = wire.tx_in;
      reply.tx_out = wire.tx_out;
      reply.rx = wire.rx;
      if (req.clear) { wire.tx_in = []; wire.tx_out = []; wire.rx = []; }
      break;
    }
    case "cut": // the power fails during the next-but-`after` flash call, `keep` bytes into it
      cut = { at: flashOps + 1 + (req.after || 0), keep: req.keep || 0 };
      reply.flash_ops = flashOps;
      break;
    case "tones":
      reply.tones = tones.slice();
      reply.playing = tone;
      reply.t_ns = now_ns();
      if (req.clear) tones.length = 0;
      break;
    case "adc":
      adcValues[req.channel] = req.value;
      reply.t_ns = now_ns();
      break;
    case "quit":
      send(reply);
      process.exit(0);
      break;
    default:
      reply.error = "unknown op " + req.op;
  }
  send(reply);
}

pico.start();
send({ ev: "ready", rom_erase: pico.romErase, rom_program: pico.romProgram });
