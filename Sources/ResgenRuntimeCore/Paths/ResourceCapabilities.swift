// The six capability markers are kept together: each is an empty protocol of the same shape,
// and reading them side by side is clearer than six one-line files.

/// A resource whose collection can be listed (`GET` on the collection).
public protocol IsListable: Resource {}

/// A resource whose instances can be read (`GET` on an instance).
public protocol IsShowable: Resource {}

/// A resource that can be created in its collection (`POST` on the collection).
public protocol IsCreatable: Resource {}

/// A resource whose instances can be replaced (`PUT` on an instance).
public protocol IsReplaceable: Resource {}

/// A resource whose instances can be partly updated (`PATCH` on an instance).
public protocol IsPatchable: Resource {}

/// A resource whose instances can be deleted (`DELETE` on an instance).
public protocol IsDeletable: Resource {}
