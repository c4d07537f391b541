import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * Browser features no page of the product uses are off for it and every frame in it; payment is
 * kept for Stripe's frames. Features a lesson's embedded player asks for through its iframe's
 * `allow` (full screen, picture-in-picture, encrypted media, motion sensors) keep their defaults,
 * so they can be given to that frame alone.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'display-capture=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'payment=(self "https://js.stripe.com")',
].join(', ');

/**
 * Security headers with a content security policy the client and the bundled playground satisfy:
 * scripts only from this origin; inline styles for Chakra's runtime styles; course images and
 * lesson embeds may come from other HTTPS hosts.
 */
export function securityHeaders() {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js must be loaded from Stripe when Stripe is configured.
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}
