import serverPackage from '../../package.json' with { type: 'json' };

/**
 * What our calls to WeChat and Tencent Cloud say they are (`User-Agent`), so their logs and
 * support staff can tell our requests apart: the product, its version and the runtime.
 */
export const MARQUEE_USER_AGENT = `Marquee/${serverPackage.version} (+node ${process.version})`;
