import { nodeUtil } from './node-util'

/**
 * Whether an object is a Proxy, whose reads may answer otherwise than its keys and prototype
 * say. Node tells (`util.types.isProxy`); JavaScript alone cannot, so elsewhere each use takes
 * the side that stays safe without knowing. Both are Node's `util.types` where it is found.
 */
interface ProxyCheck {
  isProxy(value: object): boolean
}

/** For a quick path that a careful one can stand in for: outside Node, any object may be a Proxy. */
export const suspectedProxies: ProxyCheck = nodeUtil?.types ?? { isProxy: () => true }

/** For a choice that would treat an ordinary object otherwise: outside Node, none is known to be one. */
export const knownProxies: ProxyCheck = nodeUtil?.types ?? { isProxy: () => false }
