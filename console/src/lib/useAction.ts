import type { RouteDef, RouteInput, RouteOutput } from '@toy/shared';
import { useCallback, useRef, useState } from 'react';
import { call } from './http';
import { notify } from './notify';
import { invalidate } from './useCall';

export interface ActionOptions<D extends RouteDef> {
  /** The success message (a catalogue string, or one made from the answer and the input). */
  success?: string | ((output: RouteOutput<D>, input: RouteInput<D>) => string);
  /** The reads this call changes: each is refreshed after a success, and nothing else. */
  invalidates?: readonly RouteDef[];
}

/**
 * A write of a declared route: `const save = useAction(api.warehouse.save, { success, invalidates })`.
 * `save.run(input)` calls, shows the success message, refreshes exactly the reads it names and
 * resolves to the answer's data; a failure was shown by the request layer and is thrown again, so
 * a form stays open. `save.trigger(input)` is the same for buttons: it resolves undefined on failure.
 */
export function useAction<D extends RouteDef>(def: D, options: ActionOptions<D> = {}) {
  const [pending, setPending] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  const run = useCallback(
    async (input: RouteInput<D>): Promise<RouteOutput<D>> => {
      setPending(true);
      try {
        const output = await call(def, input);
        const { success, invalidates = [] } = latest.current;
        const message = typeof success === 'function' ? success(output, input) : success;
        if (message) notify.success(message);
        await Promise.all(invalidates.map((read) => invalidate(read)));
        return output;
      } finally {
        setPending(false);
      }
    },
    [def],
  );
  const trigger = useCallback((input: RouteInput<D>) => run(input).catch(() => undefined), [run]);
  return { run, trigger, pending };
}
