export function UserManagementPage() { return null }
