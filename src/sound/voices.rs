//! How each sound is made: short recipes over the synthesis kit, in keeping
//! with a table of 15mm figures (dice on wood, small blows, a quiet field).

use super::cue::{Cue, Field, Ground, Weight};
use super::synth::{Biquad, Noise, RATE, Track, samples};

/// The samples of a sound, at [`RATE`], loudest sample at its level.
pub fn render(cue: Cue) -> Vec<f32> {
    let mut noise = Noise::new(seed_of(cue));
    let mut track = Track::default();
    let peak = match cue {
        Cue::Dice { count, extra, ones } => {
            dice(&mut track, &mut noise, count, extra, ones);
            0.45 + 0.04 * f32::from(count.min(8))
        }
        Cue::Step(ground) => {
            for (k, at) in [0.0, 0.26].into_iter().enumerate() {
                step(&mut track, &mut noise, ground, at, 1.0 - 0.2 * k as f32);
            }
            0.45
        }
        Cue::Charge => {
            let mut at = 0.0;
            for k in 0..6 {
                step(
                    &mut track,
                    &mut noise,
                    Ground::Grass,
                    at,
                    0.6 + 0.08 * k as f32,
                );
                at += 0.17 - 0.012 * k as f32;
            }
            let mut rise = Biquad::band(500.0, 1.2);
            track.noise(0.0, 0.9, 0.5, 0.6, 0.2, &mut rise, &mut noise);
            0.6
        }
        Cue::Wings => {
            for at in [0.0, 0.24, 0.48] {
                let mut air = Biquad::low(650.0);
                track.noise(at, 0.22, 1.0, 0.05, 0.07, &mut air, &mut noise);
                track.tone(at, 0.15, 0.25, (95.0, 70.0), 0.03, 0.05);
            }
            0.5
        }
        Cue::Hooves => {
            for (k, at) in [0.0, 0.09, 0.18, 0.4, 0.49, 0.58].into_iter().enumerate() {
                let pitch = if k % 3 == 1 { 520.0 } else { 430.0 };
                track.tone(at, 0.08, 1.0, (pitch, pitch * 0.9), 0.001, 0.018);
                let mut clop = Biquad::band(1500.0, 2.0);
                track.noise(at, 0.03, 0.8, 0.001, 0.008, &mut clop, &mut noise);
            }
            0.5
        }
        Cue::Wheels => {
            wheels(&mut track, &mut noise);
            0.5
        }
        Cue::Blow(weight) => {
            blow(&mut track, &mut noise, weight);
            match weight {
                Weight::Light => 0.45,
                Weight::Medium => 0.55,
                Weight::Heavy => 0.65,
                Weight::Massive => 0.75,
            }
        }
        Cue::ShieldBlock => {
            track.tone(0.0, 0.25, 1.0, (160.0, 130.0), 0.002, 0.06);
            let mut wood = Biquad::band(700.0, 2.0);
            track.noise(0.0, 0.12, 1.2, 0.001, 0.03, &mut wood, &mut noise);
            track.struck(0.0, 0.15, 620.0, &[1.0, 2.34, 3.9], 0.12);
            0.6
        }
        Cue::Parry => {
            let mut edge = Biquad::band(4000.0, 1.5);
            track.noise(0.0, 0.02, 0.6, 0.0005, 0.004, &mut edge, &mut noise);
            track.struck(0.0, 0.5, 1230.0, &[1.0, 2.15, 3.24, 4.31], 0.22);
            0.55
        }
        Cue::Dodge => {
            swish(&mut track, &mut noise, 0.32, (600.0, 2400.0));
            0.45
        }
        Cue::Miss => {
            swish(&mut track, &mut noise, 0.18, (1500.0, 4200.0));
            0.35
        }
        Cue::Stun => {
            track.tone(0.0, 0.2, 1.0, (240.0, 180.0), 0.002, 0.05);
            for (k, freq) in [1760.0, 2217.0, 2637.0].into_iter().enumerate() {
                track.tone(
                    0.08 + 0.09 * k as f32,
                    0.5,
                    0.2,
                    (freq, freq * 0.98),
                    0.01,
                    0.12,
                );
            }
            0.5
        }
        Cue::Fall => {
            fall(&mut track, &mut noise, 1.0);
            0.55
        }
        Cue::OutOfAction => {
            fall(&mut track, &mut noise, 1.4);
            track.tone(0.15, 0.9, 0.35, (220.0, 110.0), 0.05, 0.35);
            0.65
        }
        Cue::Fear => {
            for (freq, amp) in [(55.0, 1.0), (58.3, 0.8), (110.0, 0.4)] {
                swell(&mut track, 1.8, amp, freq);
            }
            let mut murmur = Biquad::low(220.0);
            track.noise(0.0, 1.8, 0.6, 0.9, 0.5, &mut murmur, &mut noise);
            0.5
        }
        Cue::Refresh => {
            for (k, freq) in [523.25, 659.25, 783.99].into_iter().enumerate() {
                track.struck(0.09 * k as f32, 0.6, freq, &[1.0, 2.0], 0.18);
            }
            0.35
        }
        Cue::Won => {
            let notes = [(261.63, 0.17), (329.63, 0.17), (392.0, 0.17), (523.25, 0.7)];
            fanfare(&mut track, &notes, 7);
            0.55
        }
        Cue::Lost => {
            let notes = [(220.0, 0.3), (174.61, 0.3), (146.83, 1.0)];
            fanfare(&mut track, &notes, 3);
            0.45
        }
        Cue::Click => {
            let mut tick = Biquad::band(3000.0, 2.0);
            track.noise(0.0, 0.012, 1.0, 0.0005, 0.002, &mut tick, &mut noise);
            track.tone(0.0, 0.03, 0.4, (1200.0, 1100.0), 0.0005, 0.006);
            0.25
        }
        Cue::Refused => {
            for (at, freq) in [(0.0, 185.0), (0.11, 147.0)] {
                track.note(at, 0.09, 1.0, freq, 5);
            }
            0.3
        }
        Cue::YourTurn => {
            for (at, freq) in [(0.0, 659.25), (0.13, 880.0)] {
                track.struck(at, 1.0, freq, &[1.0, 2.76, 5.4], 0.2);
            }
            0.35
        }
    };
    track.finish(peak)
}

/// A loop of the field, `seconds` long, that runs on into its own start.
pub fn render_field(field: Field, seconds: f32) -> Vec<f32> {
    let mut noise = Noise::new(0xF1E1D + field as u32);
    let overlap = 0.5;
    let mut track = Track::default();
    let total = seconds + overlap;
    // Wind: low noise under a slow swell.
    let mut wind = Biquad::low(if field == Field::Woods { 900.0 } else { 500.0 });
    let gusts = samples(total);
    for i in 0..gusts {
        let t = i as f32 / RATE as f32;
        let swell = 0.6 + 0.4 * (std::f32::consts::TAU * t / seconds).sin();
        track.add(i, wind.run(noise.white()) * 0.5 * swell);
    }
    match field {
        Field::Meadow => birds(&mut track, &mut noise, seconds, 3),
        Field::Woods => {
            let mut leaves = Biquad::high(3000.0);
            for i in 0..gusts {
                let t = i as f32 / RATE as f32;
                let rustle = 0.5 + 0.5 * (std::f32::consts::TAU * 2.0 * t / seconds).sin();
                track.add(i, leaves.run(noise.white()) * 0.12 * rustle);
            }
            birds(&mut track, &mut noise, seconds, 1);
        }
        Field::Water => {
            let mut burble = Biquad::band(700.0, 1.5);
            for i in 0..gusts {
                track.add(i, burble.run(noise.white()) * 0.5);
            }
            for _ in 0..(seconds * 12.0) as usize {
                let at = noise.range(0.0, seconds);
                let from = noise.range(500.0, 900.0);
                track.tone(at, 0.03, 0.08, (from, from * 1.8), 0.002, 0.01);
            }
        }
    }
    // The overlap is folded onto the start, so the loop has no seam.
    let len = samples(seconds);
    let fold = samples(overlap);
    let mut samples = track.0;
    samples.resize(len + fold, 0.0);
    for i in 0..fold {
        let w = i as f32 / fold as f32;
        samples[i] = samples[i] * w + samples[len + i] * (1.0 - w);
    }
    samples.truncate(len);
    Track(samples).finish(0.3)
}

/// Each sound's own seed, so that it is the same on every run.
fn seed_of(cue: Cue) -> u32 {
    let text = format!("{cue:?}");
    text.bytes().fold(2_166_136_261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    })
}

/// Dice thrown on wood: each lands and bounces a few times, lighter and
/// quicker each time; a handful starts spread out.
fn dice(track: &mut Track, noise: &mut Noise, count: u8, extra: bool, ones: bool) {
    let mut last = 0.0f32;
    for _ in 0..count {
        let mut at = noise.range(0.0, 0.05 + 0.03 * f32::from(count));
        let mut gap = noise.range(0.06, 0.09);
        let mut amp = noise.range(0.7, 1.0);
        for _ in 0..5 {
            let mut knock = Biquad::band(noise.range(1800.0, 3200.0), 3.0);
            track.noise(at, 0.03, amp, 0.0005, 0.005, &mut knock, noise);
            let body = noise.range(350.0, 600.0);
            track.tone(at, 0.05, amp * 0.35, (body, body), 0.0005, 0.012);
            last = last.max(at);
            at += gap;
            gap *= 0.7;
            amp *= 0.55;
        }
    }
    if extra {
        track.struck(last + 0.05, 0.35, 1568.0, &[1.0, 1.5], 0.12);
    }
    if ones {
        track.tone(last + 0.08, 0.5, 0.3, (196.0, 196.0), 0.01, 0.15);
        track.tone(last + 0.08, 0.5, 0.08, (392.0, 392.0), 0.01, 0.1);
    }
}

/// One footfall on the ground.
fn step(track: &mut Track, noise: &mut Noise, ground: Ground, at: f32, amp: f32) {
    match ground {
        Ground::Grass => {
            let mut soft = Biquad::low(900.0);
            track.noise(at, 0.12, amp, 0.012, 0.035, &mut soft, noise);
            let mut blades = Biquad::high(3500.0);
            track.noise(at, 0.08, amp * 0.2, 0.01, 0.03, &mut blades, noise);
        }
        Ground::Road => {
            track.tone(at, 0.06, amp * 0.5, (120.0, 90.0), 0.002, 0.02);
            for _ in 0..14 {
                let mut grit = Biquad::band(noise.range(2000.0, 4500.0), 4.0);
                let t = at + noise.range(0.0, 0.08);
                track.noise(t, 0.01, amp * 0.8, 0.0005, 0.002, &mut grit, noise);
            }
        }
        Ground::Water => {
            let mut splash = Biquad::low(2500.0);
            track.noise(at, 0.2, amp, 0.01, 0.06, &mut splash, noise);
            for _ in 0..3 {
                let t = at + noise.range(0.02, 0.15);
                let from = noise.range(400.0, 700.0);
                track.tone(t, 0.03, amp * 0.3, (from, from * 2.0), 0.002, 0.01);
            }
        }
        Ground::Woods => {
            let mut snap = Biquad::band(3500.0, 3.0);
            track.noise(at, 0.015, amp * 1.2, 0.0005, 0.003, &mut snap, noise);
            track.noise(at + 0.02, 0.015, amp * 0.8, 0.0005, 0.003, &mut snap, noise);
            let mut leaves = Biquad::high(3000.0);
            track.noise(at, 0.14, amp * 0.35, 0.02, 0.05, &mut leaves, noise);
            let mut soft = Biquad::low(700.0);
            track.noise(at, 0.1, amp * 0.6, 0.01, 0.03, &mut soft, noise);
        }
    }
}

/// A chariot's wheels: a rumble turning over, with the rattle of the car.
fn wheels(track: &mut Track, noise: &mut Noise) {
    let mut rumble = Biquad::low(160.0);
    let length = 1.1;
    for i in 0..samples(length) {
        let t = i as f32 / RATE as f32;
        let turn = 0.7 + 0.3 * (std::f32::consts::TAU * 6.0 * t).sin();
        let fade = (t / 0.15).min(1.0) * ((length - t) / 0.3).clamp(0.0, 1.0);
        track.add(i, rumble.run(noise.white()) * 3.0 * turn * fade);
    }
    for _ in 0..18 {
        let mut rattle = Biquad::band(noise.range(1800.0, 2600.0), 5.0);
        let t = noise.range(0.05, length - 0.2);
        track.noise(t, 0.02, 0.4, 0.0005, 0.004, &mut rattle, noise);
    }
}

/// A blow landing: a crack and a thud, longer and deeper as it is heavier.
fn blow(track: &mut Track, noise: &mut Noise, weight: Weight) {
    let (length, cutoff, thud) = match weight {
        Weight::Light => (0.08, 2800.0, 300.0),
        Weight::Medium => (0.14, 1600.0, 190.0),
        Weight::Heavy => (0.22, 900.0, 115.0),
        Weight::Massive => (0.36, 500.0, 70.0),
    };
    let mut crack = Biquad::low(cutoff);
    track.noise(
        0.0,
        length * 1.5,
        1.0,
        0.001,
        length / 4.0,
        &mut crack,
        noise,
    );
    track.tone(
        0.0,
        length * 2.0,
        0.9,
        (thud, thud * 0.6),
        0.002,
        length / 2.5,
    );
    if weight == Weight::Massive {
        let mut sub = Biquad::low(90.0);
        track.noise(0.0, 0.6, 2.0, 0.01, 0.2, &mut sub, noise);
    }
}

/// Air moved quickly past: a band of noise sweeping up and back.
fn swish(track: &mut Track, noise: &mut Noise, length: f32, (low, high): (f32, f32)) {
    let n = samples(length);
    let mut band = Biquad::band(low, 2.0);
    for i in 0..n {
        let x = i as f32 / n as f32;
        let bell = (std::f32::consts::PI * x).sin().powi(2);
        if i % 32 == 0 {
            band.retune_band(low + (high - low) * bell, 2.0);
        }
        track.add(i, band.run(noise.white()) * bell);
    }
}

/// A figure hitting the ground, with the rattle of its kit.
fn fall(track: &mut Track, noise: &mut Noise, weight: f32) {
    track.tone(
        0.0,
        0.4,
        1.0,
        (85.0 / weight, 45.0 / weight),
        0.003,
        0.1 * weight,
    );
    let mut body = Biquad::low(320.0);
    track.noise(0.0, 0.3, 1.5, 0.003, 0.06 * weight, &mut body, noise);
    for _ in 0..5 {
        let mut kit = Biquad::band(noise.range(2500.0, 3800.0), 4.0);
        let t = noise.range(0.05, 0.2);
        track.noise(t, 0.02, 0.25, 0.0005, 0.004, &mut kit, noise);
    }
}

/// A low tone rising and falling over `length` seconds.
fn swell(track: &mut Track, length: f32, amp: f32, freq: f32) {
    for i in 0..samples(length) {
        let t = i as f32 / RATE as f32;
        let shape = (std::f32::consts::PI * t / length).sin().powi(2);
        track.add(i, (std::f32::consts::TAU * freq * t).sin() * amp * shape);
    }
}

/// Notes in a row, each a voice with `bright` harmonics.
fn fanfare(track: &mut Track, notes: &[(f32, f32)], bright: usize) {
    let mut at = 0.0;
    for &(freq, length) in notes {
        track.note(at, length + 0.05, 1.0, freq, bright);
        at += length;
    }
}

/// A few birds calling: quick rising chirps in short trills.
fn birds(track: &mut Track, noise: &mut Noise, seconds: f32, calls: usize) {
    for _ in 0..calls {
        let mut at = noise.range(0.5, seconds - 1.0);
        let pitch = noise.range(2600.0, 3800.0);
        for _ in 0..noise.range(2.0, 5.0) as usize {
            track.tone(at, 0.07, 0.05, (pitch, pitch * 1.35), 0.005, 0.03);
            at += noise.range(0.09, 0.14);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_dice_sound_longer_and_louder() {
        let one = render(Cue::Dice {
            count: 1,
            extra: false,
            ones: false,
        });
        let eight = render(Cue::Dice {
            count: 8,
            extra: false,
            ones: false,
        });
        let energy = |s: &[f32]| s.iter().map(|x| x * x).sum::<f32>();
        assert!(eight.len() > one.len());
        assert!(energy(&eight) > energy(&one));
    }

    #[test]
    fn a_field_loop_is_as_long_as_asked_and_ends_where_it_starts() {
        let field = render_field(Field::Water, 4.0);
        assert_eq!(field.len(), samples(4.0));
        assert!(field.iter().all(|s| s.abs() <= 0.3 + 1e-6));
    }
}
