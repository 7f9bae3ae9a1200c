#!/usr/bin/env node
// Synthesizes Kesher's notification sounds (spec §3, §4: message, credit spent, credits) as small
// WAV files: 22050 Hz, mono, 16-bit PCM, 200 to 400 ms, each well under 20 KB. Pure arithmetic,
// no samples and no dependencies, so the output is Kesher's own and byte-identical on every run.
//
// Usage (from the repository root):
//   node scripts/make-sounds.mjs [outdir]      (default: web/public/sounds)
//
// Output: message.wav (a soft two-tone chime), credit-spent.wav (one short coin ding) and
// credits.wav (a brighter two-step coin ding for credits received).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RATE = 22050;
const PEAK = 0.7; // of full scale, leaves headroom; the app plays at gain 0.5 on top
const TAU = Math.PI * 2;

/**
 * One struck note: a few sine partials (frequency ratio, amplitude, decay time constant in
 * seconds) under a 6 ms attack, starting `at` seconds into the sound.
 */
function note({ at, freq, partials, gain = 1 }) {
  return (t) => {
    const local = t - at;
    if (local < 0) return 0;
    const attack = Math.min(1, local / 0.006);
    let v = 0;
    for (const [ratio, amp, decay] of partials) {
      v += amp * Math.exp(-local / decay) * Math.sin(TAU * freq * ratio * local);
    }
    return gain * attack * v;
  };
}

/** Renders `seconds` of the sum of `voices`, normalized to PEAK with a 20 ms fade at the end. */
function render(seconds, voices) {
  const n = Math.round(seconds * RATE);
  const samples = new Float64Array(n);
  let max = 0;
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    let v = 0;
    for (const voice of voices) v += voice(t);
    const fade = Math.min(1, (n - 1 - i) / (0.02 * RATE));
    samples[i] = v * fade;
    max = Math.max(max, Math.abs(samples[i]));
  }
  const scale = max > 0 ? PEAK / max : 0;
  return samples.map((v) => v * scale);
}

function wav(samples) {
  const data = samples.length * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(RATE, 24);
  buf.writeUInt32LE(RATE * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  samples.forEach((v, i) => {
    const s = Math.max(-1, Math.min(1, v));
    buf.writeInt16LE(Math.round(s * 32767), 44 + i * 2);
  });
  return buf;
}

// A soft bell: fundamental, a quiet octave and a faint inharmonic shimmer.
const BELL = [
  [1, 1, 0.16],
  [2, 0.18, 0.07],
  [2.76, 0.05, 0.04],
];
// A small coin: bright partials that die away quickly.
const COIN = [
  [1, 1, 0.09],
  [2.0, 0.3, 0.05],
  [2.76, 0.22, 0.035],
  [5.4, 0.06, 0.02],
];

const SOUNDS = {
  // G5 then C6: a rising fourth, gentle.
  'message.wav': render(0.38, [
    note({ at: 0, freq: 783.99, partials: BELL }),
    note({ at: 0.11, freq: 1046.5, partials: BELL, gain: 0.9 }),
  ]),
  // One short high ding (A6).
  'credit-spent.wav': render(0.22, [note({ at: 0, freq: 1760, partials: COIN })]),
  // B5 then a ringing E6: the classic "coin collected" step, softened.
  'credits.wav': render(0.4, [
    note({ at: 0, freq: 987.77, partials: COIN, gain: 0.8 }),
    note({
      at: 0.075,
      freq: 1318.51,
      partials: COIN.map(([r, a, d]) => [r, a, d * 1.9]),
    }),
  ]),
};

const outdir = process.argv[2] ?? 'web/public/sounds';
mkdirSync(outdir, { recursive: true });
for (const [name, samples] of Object.entries(SOUNDS)) {
  const bytes = wav(samples);
  writeFileSync(join(outdir, name), bytes);
  console.log(`${join(outdir, name)}  ${bytes.length} bytes`);
}
