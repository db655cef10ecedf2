export function MenuManagementPage() { return null }
