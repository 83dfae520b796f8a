import { z } from 'zod';

/** Copies of each video-ready delivery and their spacing: an at-least-once sender may send one twice (to test dedupe). */
export type DeliverySettings = Required<z.output<typeof DeliverySettingsPatch>>;

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = { deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 };

/** Kept small: each copy multiplies a completion's fan-out (1,000 subscriptions at most): 5,000 deliveries at most. */
export const DELIVERY_SETTING_BOUNDS = {
  deliveriesPerNotification: { min: 1, max: 5 },
  repeatDeliveryDelayMs: { min: 0, max: 60_000 },
} as const;

function bounded({ min, max }: { min: number; max: number }) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/** PATCH /admin/settings: either setting, or both. */
export const DeliverySettingsPatch = z.strictObject({
  /** Separate deliveries of each notification to each subscription, each with its own retries (1 = once). */
  deliveriesPerNotification: bounded(DELIVERY_SETTING_BOUNDS.deliveriesPerNotification).optional(),
  /** Delay before the 2nd delivery, and between each later one; 0 = all at once. */
  repeatDeliveryDelayMs: bounded(DELIVERY_SETTING_BOUNDS.repeatDeliveryDelayMs).optional(),
});

/** The settings a server starts with; throws a RangeError naming the option when one is out of bounds. */
export function deliverySettingsOf(options: Partial<DeliverySettings>): DeliverySettings {
  const parsed = DeliverySettingsPatch.safeParse(options);
  const issue = parsed.error?.issues[0];
  const name = issue?.path[0] as keyof DeliverySettings;
  if (issue !== undefined) throw new RangeError(`${name} ${issue.message}, not ${String(options[name])}`);
  const given = Object.entries(parsed.data ?? {}).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_DELIVERY_SETTINGS, ...Object.fromEntries(given) };
}
