/**
 * A seller's public presence (issue 18; docs/decisions/043): social media accounts and followers, without
 * zod, for the public pages' bundles (the product page shows the follow button and the links).
 */

/** The networks a company may link, with the hosts a profile link of each must be on. */
export const SOCIAL_NETWORKS = [
  { type: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  { type: 'linkedin', label: 'LinkedIn', hosts: ['linkedin.com'] },
  { type: 'x', label: 'X (Twitter)', hosts: ['x.com', 'twitter.com'] },
  { type: 'instagram', label: 'Instagram', hosts: ['instagram.com'] },
  { type: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  { type: 'pinterest', label: 'Pinterest', hosts: ['pinterest.com'] },
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['type'];
export const SOCIAL_TYPES = SOCIAL_NETWORKS.map((network) => network.type) as [SocialNetwork, ...SocialNetwork[]];

export const socialNetwork = (type: string) => SOCIAL_NETWORKS.find((network) => network.type === type);

/** True when `link` is an https address on one of the network's hosts (or a subdomain such as www.). */
export function isProfileLinkOf(type: string, link: string): boolean {
  const network = socialNetwork(type);
  if (!network) return false;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return network.hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export const PROFILE_LINK_MAX = 500;

export const PRESENCE_MESSAGES = {
  socialSaved: 'Social media accounts saved successfully.',
  socialLinkInvalid: (label: string) => `Enter an https link to your ${label} profile.`,
  socialTypeRepeated: 'Each network can be linked once.',
  socialNotFound: 'This social media account does not exist.',
  followed: 'You now follow this company.',
  unfollowed: 'You no longer follow this company.',
  followOwnCompany: 'You cannot follow your own company.',
  companyNotFound: 'This company does not exist.',
} as const;
