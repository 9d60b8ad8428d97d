// The part of zulip-js (Zulip's JavaScript client, untyped) that the compatibility test uses.
// Replies are parsed by the test, so they are typed as unknown here.
declare module "zulip-js" {
  type Params = Record<string, unknown>;
  interface ZulipClient {
    /** Any endpoint: a POST's parameters go in a multipart body (an empty one for none). */
    callEndpoint(endpoint: string, method?: string, params?: Params): Promise<unknown>;
    server: { settings(params?: Params): Promise<unknown> };
    users: { me: { getProfile(): Promise<unknown> } };
    queues: {
      register(params: Params): Promise<unknown>;
      deregister(params: Params): Promise<unknown>;
    };
    events: { retrieve(params: Params): Promise<unknown> };
    messages: {
      send(params: Params): Promise<unknown>;
      retrieve(params: Params): Promise<unknown>;
    };
  }
  export default function zulip(config: {
    username: string;
    apiKey: string;
    realm: string;
  }): Promise<ZulipClient>;
}
