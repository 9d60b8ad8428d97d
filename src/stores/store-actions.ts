/**
 * The actions of a store's state: its function-valued members. A zustand action acts through the
 * store's `set` and `get`, never through the state object it sits in, so the store's initial
 * state holds its actions for good: `store.getInitialState()` typed as `StoreActions<…>` gives
 * event handlers and controllers the actions, and no way to read the state around them.
 */
export type StoreActions<S> = {
  readonly [K in keyof S as S[K] extends (...args: never[]) => unknown ? K : never]: S[K];
};
