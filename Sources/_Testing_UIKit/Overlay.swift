// Swift Testing declares a cross-import overlay named `_Testing_UIKit` for Apple's UIKit, and the Linux toolchain
// keeps that declaration without shipping the module (as for `_Testing_CoreGraphics`). A test target importing
// both Testing and Calyx's UIKit needs a module of this name to exist; this is it. It adds nothing.
@_exported import UIKit
@_exported import Testing
