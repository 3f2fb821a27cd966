/** The CRM settings page (a child of /crm, so sub-users may open it to read). */
export const CRM_SETTINGS_PATH = '/crm/settings';

/** Where a thread came from: the enquiry among those the company received, or the chat room. */
export const enquiryPath = (enquiryId: number) => `/crm/enquiries?type=received&id=${enquiryId}`;
export const chatRoomPath = (roomId: number) => `/crm/chat?room=${roomId}`;
