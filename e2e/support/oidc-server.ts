import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OpenID Connect issuer standing in for Google in the e2e run: real discovery, real keys, real signed ID
 * tokens, an /authorize that answers at once (the nonce it was sent comes back in the ID token, as Google's does).
 * The server under test verifies its tokens exactly as it would Google's.
 */
const port = Number(process.env.E2E_OIDC_PORT ?? 4599);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, {
    sub: 'google-e2e-rider',
    email: 'alex.rider@gmail.test',
    email_verified: true,
    given_name: 'Alex',
    family_name: 'Rider',
    name: 'Alex Rider',
  });
});
await server.start(port, '127.0.0.1');
console.log(`OIDC issuer listening on ${server.issuer.url}`);
