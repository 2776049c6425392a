//! Work spread over threads, the results in the items' order: the files
//! of a lint, the combinations of environments, the stacks of a scan.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// `work` applied to every item on all the machine's cores, the results in
/// the items' order (so the report does not depend on which thread was
/// faster). Each thread takes the next item when it is free, so one large
/// file does not hold back a batch of small ones.
pub(crate) fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    in_parallel_with(items, || (), |(), item| work(item))
}

/// [`in_parallel`], the items taken largest first by `size`, the results
/// still in the items' order: a large item taken last would leave one
/// core working alone at the end while the others wait.
pub(crate) fn in_parallel_largest_first<T: Sync, R: Send>(
    items: &[T],
    size: impl Fn(&T) -> u64,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let order = largest_first(items, size);
    let done = in_parallel(&order, |&at| (at, work(&items[at])));
    let mut results: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for (at, result) in done {
        results[at] = Some(result);
    }
    results.into_iter().flatten().collect()
}

/// The places of `items`, the largest by `size` first; items of one size
/// in their order.
fn largest_first<T>(items: &[T], size: impl Fn(&T) -> u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&at| std::cmp::Reverse(size(&items[at])));
    order
}

/// [`in_parallel`], each thread with a state of its own that `start`
/// makes and `work` keeps.
pub(crate) fn in_parallel_with<S, T: Sync, R: Send>(
    items: &[T],
    start: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    on_threads(items, cores, start, work)
}

/// `work` applied to every item on all the machine's cores, each thread
/// folding the items it takes into a state of its own that `start`
/// makes: the states, one for each thread, in no particular order.
pub(crate) fn in_parallel_fold<S: Send, T: Sync>(
    items: &[T],
    start: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) + Sync,
) -> Vec<S> {
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let threads = cores.min(items.len()).max(1);
    let next = AtomicUsize::new(0);
    let fold = || {
        let mut state = start();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(index) else { break };
            work(&mut state, item);
        }
        state
    };
    if threads == 1 {
        return vec![fold()];
    }
    thread::scope(|scope| {
        let workers: Vec<_> = (0..threads).map(|_| scope.spawn(fold)).collect();
        workers
            .into_iter()
            .map(|worker| match worker.join() {
                Ok(state) => state,
                // A panic in a worker is a bug; let it surface as one.
                Err(payload) => std::panic::resume_unwind(payload),
            })
            .collect()
    })
}

/// [`in_parallel`] on `threads` threads, for work that waits more than it
/// computes (calls to a cloud).
pub(crate) fn in_parallel_threads<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    on_threads(items, threads, || (), |(), item| work(item))
}

fn on_threads<S, T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    start: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.min(items.len());
    if threads <= 1 {
        let mut state = start();
        return items.iter().map(|item| work(&mut state, item)).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut state = start();
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(index) else { break };
                        mine.push((index, work(&mut state, item)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(results) => results,
                // A panic in a worker is a bug; let it surface as one.
                Err(payload) => std::panic::resume_unwind(payload),
            })
            .collect()
    });
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_are_taken_first_and_the_results_keep_the_items_order() {
        let sizes: Vec<u64> = vec![3, 40, 7, 40, 1, 12];
        assert_eq!(largest_first(&sizes, |&s| s), [1, 3, 5, 2, 0, 4]);
        let results = in_parallel_largest_first(&sizes, |&s| s, |&s| s * 10);
        assert_eq!(results, [30, 400, 70, 400, 10, 120]);
        assert!(in_parallel_largest_first(&[] as &[u64], |&s| s, |&s| s).is_empty());
    }
}
