/** The product's exact strings from SPEC.md, shared where both server and web show them. */
export const messages = {
  loginFailed: "Login failed",
  logoutFailed: "Logout failed",
  userUpdated: "User details updated successfully",
  userUpdateFailed: "Failed to update user details",
  passwordUpdated: "Password updated successfully",
  passwordUpdateFailed: "Failed to update password",
  newPasswordsMismatch: "New passwords do not match",
  notFound: "Oops! You're not supposed to be here!",
  accessDenied: "You do not have the necessary permission to view this content",
  routerError: "Unexpected Application Error!",
  noAccess: "No Access",
} as const;

/** What every way in answers for an event that is not there or not hers to see (the same words). */
export const EVENT_NOT_FOUND = "Event not found";
