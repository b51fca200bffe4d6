//! A small kit for making sounds in code: a seeded noise source, filters,
//! envelopes and oscillators that write into a mono buffer, and the WAV
//! encoding the audio engine decodes. Every sound is the same on every run:
//! its noise comes from a generator seeded by the sound's own number.

use std::f32::consts::TAU;

/// Samples a second.
pub const RATE: u32 = 44_100;

/// Seconds to samples.
pub fn samples(seconds: f32) -> usize {
    (seconds.max(0.0) * RATE as f32) as usize
}

/// A portable seeded generator (xorshift32): white noise and choices.
#[derive(Debug, Clone)]
pub struct Noise(u32);

impl Noise {
    pub fn new(seed: u32) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9) | 1)
    }

    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    /// A number in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next() >> 8) as f32 / (1u32 << 24) as f32
    }

    /// A number in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// White noise in [-1, 1).
    pub fn white(&mut self) -> f32 {
        self.unit() * 2.0 - 1.0
    }
}

/// A biquad filter (the audio EQ cookbook's band-pass and low-pass).
#[derive(Debug, Clone, Copy)]
pub struct Biquad {
    b: [f32; 3],
    a: [f32; 2],
    x: [f32; 2],
    y: [f32; 2],
}

impl Biquad {
    /// A band-pass around `freq` (constant peak gain), narrower as `q` grows.
    pub fn band(freq: f32, q: f32) -> Self {
        let (cos, alpha) = Self::angles(freq, q);
        Self::normalised([alpha, 0.0, -alpha], [1.0 + alpha, -2.0 * cos, 1.0 - alpha])
    }

    /// The same band-pass moved to `freq`, keeping what it has heard (for
    /// a sweep).
    pub fn retune_band(&mut self, freq: f32, q: f32) {
        let tuned = Self::band(freq, q);
        self.b = tuned.b;
        self.a = tuned.a;
    }

    /// A low-pass at `freq`.
    pub fn low(freq: f32) -> Self {
        let (cos, alpha) = Self::angles(freq, std::f32::consts::FRAC_1_SQRT_2);
        let b1 = 1.0 - cos;
        Self::normalised(
            [b1 / 2.0, b1, b1 / 2.0],
            [1.0 + alpha, -2.0 * cos, 1.0 - alpha],
        )
    }

    /// A high-pass at `freq`.
    pub fn high(freq: f32) -> Self {
        let (cos, alpha) = Self::angles(freq, std::f32::consts::FRAC_1_SQRT_2);
        let b1 = 1.0 + cos;
        Self::normalised(
            [b1 / 2.0, -b1, b1 / 2.0],
            [1.0 + alpha, -2.0 * cos, 1.0 - alpha],
        )
    }

    fn angles(freq: f32, q: f32) -> (f32, f32) {
        let w = TAU * freq.clamp(10.0, RATE as f32 * 0.45) / RATE as f32;
        (w.cos(), w.sin() / (2.0 * q.max(0.1)))
    }

    fn normalised(b: [f32; 3], a: [f32; 3]) -> Self {
        Self {
            b: [b[0] / a[0], b[1] / a[0], b[2] / a[0]],
            a: [a[1] / a[0], a[2] / a[0]],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    pub fn run(&mut self, input: f32) -> f32 {
        let out = self.b[0] * input + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [input, self.x[0]];
        self.y = [out, self.y[0]];
        out
    }
}

/// A mono buffer being written, long enough for whatever is added to it.
#[derive(Debug, Clone, Default)]
pub struct Track(pub Vec<f32>);

impl Track {
    /// Adds `value` at sample `at`, growing the track as needed.
    pub fn add(&mut self, at: usize, value: f32) {
        if at >= self.0.len() {
            self.0.resize(at + 1, 0.0);
        }
        self.0[at] += value;
    }

    /// Filtered noise from `start` for `length` seconds, shaped by an
    /// attack and an exponential decay (`decay`: seconds to fall by e).
    #[allow(clippy::too_many_arguments)]
    pub fn noise(
        &mut self,
        start: f32,
        length: f32,
        amp: f32,
        attack: f32,
        decay: f32,
        filter: &mut Biquad,
        noise: &mut Noise,
    ) {
        let at = samples(start);
        for i in 0..samples(length) {
            let t = i as f32 / RATE as f32;
            let value = filter.run(noise.white()) * amp * envelope(t, attack, decay);
            self.add(at + i, value);
        }
    }

    /// A sine whose pitch glides from `from` to `to` Hz, with an attack and
    /// an exponential decay.
    #[allow(clippy::too_many_arguments)]
    pub fn tone(
        &mut self,
        start: f32,
        length: f32,
        amp: f32,
        (from, to): (f32, f32),
        attack: f32,
        decay: f32,
    ) {
        let at = samples(start);
        let n = samples(length).max(1);
        let mut phase = 0.0f32;
        for i in 0..n {
            let t = i as f32 / RATE as f32;
            let freq = from + (to - from) * (i as f32 / n as f32);
            phase = (phase + TAU * freq / RATE as f32) % TAU;
            self.add(at + i, phase.sin() * amp * envelope(t, attack, decay));
        }
    }

    /// A struck body: partials at `freqs` times `base`, each weaker and
    /// shorter than the one before.
    pub fn struck(&mut self, start: f32, amp: f32, base: f32, partials: &[f32], decay: f32) {
        for (k, ratio) in partials.iter().enumerate() {
            let weight = 1.0 / (1.0 + k as f32);
            let ring = decay / (1.0 + 0.5 * k as f32);
            let freq = base * ratio;
            self.tone(start, ring * 5.0, amp * weight, (freq, freq), 0.002, ring);
        }
    }

    /// A note with harmonics (a horn-like voice when `bright` is high).
    pub fn note(&mut self, start: f32, length: f32, amp: f32, freq: f32, bright: usize) {
        for h in 1..=bright.max(1) {
            let weight = amp / h as f32;
            let f = freq * h as f32;
            let at = samples(start);
            for i in 0..samples(length) {
                let t = i as f32 / RATE as f32;
                let swell = (t / 0.03).min(1.0) * (1.0 - t / length).clamp(0.0, 1.0).sqrt();
                self.add(at + i, (TAU * f * t).sin() * weight * swell);
            }
        }
    }

    /// Scales the track so that its loudest sample is `peak`, and rounds
    /// its last few milliseconds off so it ends without a click.
    pub fn finish(mut self, peak: f32) -> Vec<f32> {
        let loudest = self.0.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        if loudest > 0.0 {
            let scale = peak / loudest;
            self.0.iter_mut().for_each(|s| *s *= scale);
        }
        let fade = samples(0.005).min(self.0.len());
        let len = self.0.len();
        for i in 0..fade {
            self.0[len - 1 - i] *= i as f32 / fade as f32;
        }
        self.0
    }
}

/// Rises over `attack` seconds, then falls by e every `decay` seconds.
pub fn envelope(t: f32, attack: f32, decay: f32) -> f32 {
    if t < attack {
        t / attack.max(1e-6)
    } else {
        (-(t - attack) / decay.max(1e-6)).exp()
    }
}

/// Mono 16-bit WAV bytes of the samples (in [-1, 1]).
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX - 36);
    let mut bytes = Vec::with_capacity(44 + samples.len() * 2);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&1u16.to_le_bytes()); // mono
    bytes.extend_from_slice(&RATE.to_le_bytes());
    bytes.extend_from_slice(&(RATE * 2).to_le_bytes());
    bytes.extend_from_slice(&2u16.to_le_bytes());
    bytes.extend_from_slice(&16u16.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for s in samples.iter().take(data_len as usize / 2) {
        let value = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_noise_is_the_same_for_the_same_seed_and_stays_in_range() {
        let (mut a, mut b) = (Noise::new(7), Noise::new(7));
        for _ in 0..1000 {
            let (x, y) = (a.white(), b.white());
            assert_eq!(x, y);
            assert!((-1.0..1.0).contains(&x));
        }
    }

    #[test]
    fn a_wav_carries_its_samples_after_a_44_byte_header() {
        let bytes = wav(&[0.0, 1.0, -1.0]);
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(bytes.len(), 44 + 6);
        assert_eq!(&bytes[44..], &[0, 0, 0xff, 0x7f, 0x01, 0x80]);
    }
}
