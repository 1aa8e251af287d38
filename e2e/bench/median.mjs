/**
 * The middle of the measured times (the lower of the two middle ones for an even count); undefined when none was
 * measured. The benches print medians: one slow visit on this noisy machine moves a mean, not a median.
 * @param {(number | undefined)[]} values
 */
export const median = (values) => {
  const sorted = /** @type {number[]} */ (values.filter((value) => value !== undefined)).sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.floor((sorted.length - 1) / 2)];
};
