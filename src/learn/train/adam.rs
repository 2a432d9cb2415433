//! Adam (Kingma and Ba), with bias correction, over a flat parameter vector, run
//! on several threads; weights are clipped after each step.

/// The optimiser's state: the running mean and mean square of each gradient.
#[derive(Clone, Debug)]
pub(crate) struct Adam {
    pub(crate) beta1: f32,
    pub(crate) beta2: f32,
    pub(crate) epsilon: f32,
    mean: Vec<f32>,
    mean_square: Vec<f32>,
    steps: u32,
}

/// Which parameters a step keeps within +-`limit`: those before `clipped_end`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clip {
    pub(crate) clipped_end: usize,
    pub(crate) limit: f32,
}

impl Adam {
    /// Fresh state for `params` parameters, beta1 0.9, beta2 0.999, epsilon 1e-8.
    pub(crate) fn new(params: usize) -> Adam {
        Adam {
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            mean: vec![0.0; params],
            mean_square: vec![0.0; params],
            steps: 0,
        }
    }

    /// One step. The gradient is `scale` times the sum of `gradients` (one buffer
    /// per thread, added in the order given into the first, so the step is
    /// repeatable); the work is split over `threads`. Each parameter's update
    /// depends only on its own values, so the split does not change the result.
    pub(crate) fn step(
        &mut self,
        params: &mut [f32],
        gradients: &mut [Vec<f32>],
        scale: f32,
        learning_rate: f64,
        clip: Clip,
        threads: usize,
    ) {
        assert_eq!(params.len(), self.mean.len());
        assert!(gradients.iter().all(|g| g.len() == params.len()));
        self.steps += 1;
        let t = self.steps as i32;
        let update = Update {
            beta1: self.beta1,
            beta2: self.beta2,
            epsilon: self.epsilon,
            scale,
            // The bias correction of both moments, folded into the step size.
            step_size: (learning_rate * (1.0 - (self.beta2 as f64).powi(t)).sqrt()
                / (1.0 - (self.beta1 as f64).powi(t))) as f32,
        };
        let (total, others) = gradients.split_first_mut().expect("one gradient buffer");
        let others = &*others;
        let chunk = params.len().div_ceil(threads.max(1));
        let parts = params
            .chunks_mut(chunk)
            .zip(total.chunks_mut(chunk))
            .zip(self.mean.chunks_mut(chunk))
            .zip(self.mean_square.chunks_mut(chunk))
            .enumerate();
        let jobs: Vec<_> = parts
            .map(|(part, (((params, total), mean), mean_square))| {
                let range = part * chunk..part * chunk + params.len();
                move || {
                    for other in others {
                        for (g, o) in total.iter_mut().zip(&other[range.clone()]) {
                            *g += o;
                        }
                    }
                    // why split at the clip boundary: a loop without a per-element
                    // test on the index vectorises.
                    let clipped = clip.clipped_end.clamp(range.start, range.end) - range.start;
                    let (params_clipped, params_free) = params.split_at_mut(clipped);
                    let (total_clipped, total_free) = total.split_at_mut(clipped);
                    let (mean_clipped, mean_free) = mean.split_at_mut(clipped);
                    let (square_clipped, square_free) = mean_square.split_at_mut(clipped);
                    update.apply(
                        params_clipped,
                        total_clipped,
                        mean_clipped,
                        square_clipped,
                        clip.limit,
                    );
                    update.apply(params_free, total_free, mean_free, square_free, f32::MAX);
                }
            })
            .collect();
        super::parallel::run_in_parallel(jobs);
    }
}

/// One step's constants.
#[derive(Clone, Copy, Debug)]
struct Update {
    beta1: f32,
    beta2: f32,
    epsilon: f32,
    scale: f32,
    step_size: f32,
}

impl Update {
    /// Updates `params` from their summed gradients, keeping them within +-`limit`.
    #[inline(always)]
    fn apply(
        &self,
        params: &mut [f32],
        gradients: &[f32],
        mean: &mut [f32],
        mean_square: &mut [f32],
        limit: f32,
    ) {
        let n = params.len();
        let (gradients, mean, mean_square) =
            (&gradients[..n], &mut mean[..n], &mut mean_square[..n]);
        for k in 0..n {
            let g = gradients[k] * self.scale;
            mean[k] = self.beta1 * mean[k] + (1.0 - self.beta1) * g;
            mean_square[k] = self.beta2 * mean_square[k] + (1.0 - self.beta2) * g * g;
            let p = params[k] - self.step_size * mean[k] / (mean_square[k].sqrt() + self.epsilon);
            params[k] = p.clamp(-limit, limit);
        }
    }
}
