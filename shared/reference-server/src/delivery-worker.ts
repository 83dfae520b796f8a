import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { request, type Agent } from 'undici';
import { CALLBACK_REFUSED, HTTPS_ONLY, callbackAgent, callbackUrlRefusal, type HostResolver } from './address-policy';
import type { DeliverySettings } from './delivery-settings';
import type { Delivery, Subscription } from './model';
import type { Store } from './store/store';

export interface DeliveryOptions {
  /** First retry delay; doubled after each failed attempt. */
  retryDelayMs: number;
  /** Allow http: callbacks and loopback addresses (--insecure-callbacks); otherwise only https: to public addresses. */
  allowHttp: boolean;
  /** How host names are resolved, at connect time; checked against the address policy. */
  resolver: HostResolver;
  /** A freshly signed video link for the recording, or undefined once it (or its video) is gone. */
  linkFor: (recordingId: string) => string | undefined;
  timeoutMs: number;
  /** Attempts under way at once; the rest wait, in order, and their timeout starts when they are sent. */
  maxInFlight: number;
  /** Deliveries per notification and their spacing at start; `settings` changes them at run time. */
  settings: DeliverySettings;
}

const MAX_ATTEMPTS = 5;
const NOT_HTTPS = 'the callback is not https (start the server with --insecure-callbacks to allow http)';
const SUBSCRIPTION_REMOVED = 'not sent: its subscription was removed first (a 410 to another delivery, or unsubscribed)';

/** Video-ready notifications off the request path (a 410 drops the subscription and all it has pending); nothing here throws. */
export class DeliveryWorker {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly attemptControllers = new Set<AbortController>();
  private readonly due: Delivery[] = [];
  private readonly waiting: Delivery[] = [];
  private readonly agent: Agent;
  /** Read at each completion: a change (PATCH /admin/settings) applies to notifications from then on. */
  settings: DeliverySettings;

  constructor(
    private readonly store: Store,
    private readonly options: DeliveryOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.agent = callbackAgent(options.resolver, options.allowHttp);
    this.settings = { ...options.settings };
  }

  /** One delivery per copy the settings ask for, as if the service sent the notification again: own POST, retries, log entry. */
  notify(subscription: Subscription, recordingId: string, videoUrl: string): Delivery[] {
    const { deliveriesPerNotification, repeatDeliveryDelayMs } = this.settings;
    return Array.from({ length: deliveriesPerNotification }, (_, index) => {
      const delivery: Delivery = {
        id: randomUUID(),
        subscriptionId: subscription.id,
        recordingId,
        callback: subscription.callback,
        payload: { result: videoUrl },
        attempts: 0,
        state: 'PENDING',
        lastError: null,
        copy: index + 1,
      };
      this.store.addDelivery(delivery);
      this.schedule(delivery, index * repeatDeliveryDelayMs);
      return delivery;
    });
  }

  resumePending(): void {
    for (const delivery of this.store.deliveries) if (delivery.state === 'PENDING') this.schedule(delivery, 0);
  }

  /** Stops retries and aborts attempts under way; they, and those waiting to start, stay PENDING and resume on the next start. */
  async close(): Promise<void> {
    this.stopping.abort();
    for (const controller of this.attemptControllers) controller.abort(this.stopping.signal.reason);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
    await this.agent.destroy();
  }

  private schedule(delivery: Delivery, delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    // First attempts start in one pass: a timer each made a 1,000-subscription fan-out take 1.3-1.6× a plain loop (benchmark #3).
    if (delayMs === 0) {
      this.due.push(delivery);
      if (this.due.length === 1) setImmediate(() => this.due.splice(0).forEach((due) => this.start(due)));
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.start(delivery);
    }, delayMs);
    this.timers.add(timer);
  }

  private start(delivery: Delivery): void {
    if (this.stopping.signal.aborted) return;
    if (this.inFlight.size >= this.options.maxInFlight) return void this.waiting.push(delivery);
    const attempt = this.attempt(delivery).catch((error: unknown) => {
      this.log.error({ err: error, deliveryId: delivery.id }, 'delivery attempt crashed');
    });
    this.inFlight.add(attempt);
    void attempt.finally(() => {
      this.inFlight.delete(attempt);
      const next = this.waiting.shift();
      if (next !== undefined) this.start(next);
    });
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (!this.store.hasSubscription(delivery.subscriptionId))
      return this.store.updateDelivery(delivery, { state: 'DROPPED', lastError: SUBSCRIPTION_REMOVED });
    const url = new URL(delivery.callback);
    // Address literals never reach the agent's lookup: checked here, with the policy of this run.
    const refusal = callbackUrlRefusal(url, this.options.allowHttp);
    if (refusal !== undefined) return this.fail(delivery, refusal === HTTPS_ONLY ? NOT_HTTPS : refusal, delivery.attempts);
    // Signed now, not when the recording completed: a retry or a delivery resumed after a restart sends a live link.
    const link = this.options.linkFor(delivery.recordingId);
    if (link === undefined)
      return this.fail(delivery, 'the recording or its video was deleted before the callback could be sent', delivery.attempts);
    const payload = { result: link };
    const attempts = delivery.attempts + 1;
    let failure: string;
    const deadline = this.deadline();
    try {
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        dispatcher: this.agent,
        signal: deadline.signal,
      });
      await response.body.dump();
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        this.store.updateDelivery(delivery, { attempts, state: 'DELIVERED', lastError: null, payload });
        this.log.info({ deliveryId: delivery.id, attempts }, 'callback delivered');
        return;
      }
      if (status === 410) {
        this.store.updateDelivery(delivery, { attempts, state: 'GONE', lastError: 'HTTP 410', payload });
        this.store.dropSubscription(delivery.subscriptionId, SUBSCRIPTION_REMOVED);
        this.log.info({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId }, 'callback gone: subscription removed');
        return;
      }
      failure = `HTTP ${status}`;
      if (status < 500) return this.fail(delivery, failure, attempts, payload);
    } catch (error) {
      if (this.stopping.signal.aborted) return;
      if ((error as ErrorLike | null)?.code === CALLBACK_REFUSED) return this.fail(delivery, (error as Error).message, attempts, payload);
      failure = describeFailure(error, this.options.timeoutMs);
    } finally {
      deadline.release();
    }
    if (attempts >= MAX_ATTEMPTS) return this.fail(delivery, failure, attempts, payload);
    this.store.updateDelivery(delivery, { attempts, lastError: failure, payload });
    this.schedule(delivery, this.options.retryDelayMs * 2 ** (attempts - 1));
  }

  /** Aborts at the timeout or stop; not AbortSignal.timeout(), whose timers outlived 1,000 attempts into later fan-outs (bench #3). */
  private deadline(): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('callback timed out', 'TimeoutError')), this.options.timeoutMs);
    this.attemptControllers.add(controller);
    return {
      signal: controller.signal,
      release: () => {
        clearTimeout(timer);
        this.attemptControllers.delete(controller);
      },
    };
  }

  private fail(delivery: Delivery, lastError: string, attempts: number, payload = delivery.payload): void {
    this.store.updateDelivery(delivery, { attempts, state: 'FAILED', lastError, payload });
    this.log.warn({ deliveryId: delivery.id, attempts, lastError }, 'callback delivery failed');
  }
}

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: ErrorLike | null };

/** Duck-typed: fetch's errors may come from another realm (a test runner's), where instanceof fails. */
function describeFailure(error: unknown, timeoutMs: number): string {
  const { name, message, code, cause } = (error ?? {}) as ErrorLike;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  if (typeof code === 'string' && !code.startsWith('UND_ERR_ABORTED')) return code;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return typeof message === 'string' ? message : 'network failure';
}
