/** Where members write to us (footer, FAQs, policies). */
export const SUPPORT_EMAIL = 'support@roundup.example';
