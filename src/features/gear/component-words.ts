/** The components' own words; the server's message wins where it sends one. */
export const componentWords = {
  added: 'Component added.',
  saved: 'Component saved.',
  removed: 'Component removed.',
  moved: 'Component moved.',
  serviced: 'Service logged.',
  empty: 'Add the chain, fork or shoes to track their wear and get told when a service is due.',
  emptyOther: 'No components on this piece yet.',
  noInterval: 'No service interval set.',
  nowhereToMove: 'You have no other piece in use to move it to.',
} as const;
