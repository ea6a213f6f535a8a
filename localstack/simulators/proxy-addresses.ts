/**
 * The addresses the supplier simulator sells in the local stack: each a loopback address of its own
 * (`http://sim:sim@127.0.0.1:<port>`, from 3200 up), like the configured local proxies, which the
 * session-provider simulator records and never dials.
 */
export const localProxyAddresses = (firstPort = 3200): (() => Promise<string>) => {
  let next = firstPort;
  return () => Promise.resolve(`http://sim:sim@127.0.0.1:${next++}`);
};
