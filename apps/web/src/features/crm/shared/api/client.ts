import { apiData, apiRequest, type ApiRequestOptions } from '../../../../lib/api-client.ts';

/** A call to the CRM base (/crm/v1/), through the app's one client and its error catalogue. */
export function crmRequest<T>(path: string, options: Omit<ApiRequestOptions, 'base'> = {}) {
  return apiRequest<T>(path, { ...options, base: 'crm' });
}

export function crmData<T>(path: string, options: Omit<ApiRequestOptions, 'base'> = {}) {
  return apiData<T>(path, { ...options, base: 'crm' });
}
