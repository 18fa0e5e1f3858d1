// Swift Testing declares a cross-import overlay named `_Testing_CoreGraphics` for Apple's CoreGraphics, and the
// Linux toolchain keeps that declaration without shipping the module. Any test target that imports both Testing
// and Calyx's CoreGraphics therefore needs a module of this name to exist; this is it. It adds nothing yet.
@_exported import CoreGraphics
@_exported import Testing
